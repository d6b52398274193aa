// What the canvas painters' tests share: a monospace measure, a 2D context that records what is
// drawn, and a palette.
import { type Ctx, LABEL_PAGE, type Surface } from "../../src/timeline/render/labels";

/** 7 px a character: a monospace font, for measuring without a canvas. */
export const mono = (s: string) => Array.from(s).length * 7;

/** A 2D context that records what is drawn. */
export function recorder() {
  const ops: string[] = [];
  const ctx = {
    fillStyle: "",
    globalAlpha: 1,
    font: "",
    textBaseline: "alphabetic",
    setTransform: (a: number, _b: number, _c: number, d: number) => ops.push(`scale ${a} ${d}`),
    fillRect(x: number, y: number, w: number, h: number) {
      ops.push(`rect ${this.fillStyle} ${x},${y} ${w}x${h}`);
    },
    path: [] as string[],
    beginPath() {
      this.path = [];
    },
    roundRect(x: number, y: number, w: number, h: number) {
      this.path.push(`${x},${y} ${w}x${h}`);
    },
    /** A filled path of rounded rectangles: "bar", its fill, alpha and rectangles. */
    fill(rule?: string) {
      ops.push(
        `bar ${this.fillStyle} a${this.globalAlpha} ${this.path.join(" + ")}${rule ? ` ${rule}` : ""}`,
      );
    },
    createPattern(image: { name: string }) {
      return {
        toString: () => `pattern(${image.name})`,
        setTransform: (m: DOMMatrix2DInit) =>
          ops.push(`pattern ${image.name} ${m.a} ${m.b} ${m.c} ${m.d} ${m.e},${m.f}`),
      };
    },
    fillText(text: string, x: number, y: number) {
      ops.push(
        `text ${this.fillStyle}${this.globalAlpha === 1 ? "" : ` a${this.globalAlpha}`}${this.font.startsWith("12px") ? "" : ` ${this.font.split(" ")[0]}`} "${text}" ${x},${y}`,
      );
    },
    measureText: (s: string) => ({ width: mono(s) }),
    drawImage(image: { name: string }, ...at: number[]) {
      // (image, dx, dy), (image, dx, dy, w, h) or (image, sx, sy, sw, sh, dx, dy, w, h)
      const [x, y, w, h] = at.length === 8 ? at.slice(4) : at;
      const from = at.length === 8 ? ` from ${at[0]},${at[1]} ${at[2]}x${at[3]}` : "";
      ops.push(
        `image ${image.name}${from} a${this.globalAlpha} ${x},${y}${w === undefined ? "" : ` ${w}x${h}`}`,
      );
    },
    canvas: { name: "itself" },
    save: () => {},
    restore: () => ops.push("restore"),
    rect: (x: number, y: number, w: number, h: number) => ops.push(`clip ${x},${y} ${w}x${h}`),
    clip: () => {},
    strokeStyle: "",
    lineWidth: 1,
    lines: 0,
    moveTo() {},
    lineTo() {
      this.lines++;
    },
    stroke() {
      ops.push(`stroke ${this.strokeStyle} a${this.globalAlpha} ${this.lines} lines`);
      this.lines = 0;
    },
  };
  return { ctx: ctx as unknown as Ctx, ops };
}

/**
 * Canvases off the page that record what is drawn on them (LabelCache's pages of labels and hatch
 * tiles): a page is named `page N` in the order made, a tile by what it shows; `made` lists each
 * label drawn (its text, font and colour, its room in device pixels and where on which page) and
 * each tile made; `cleared` each page emptied.
 */
export function surfaces() {
  const made: string[] = [];
  const cleared: string[] = [];
  let pages = 0;
  const make = (width: number, height: number) => {
    const surface = { name: "", width, height } as Surface & { name: string };
    if (width === LABEL_PAGE && height === LABEL_PAGE) surface.name = `page ${++pages}`;
    const lines: string[] = [];
    let room = "";
    const ctx = {
      font: "",
      fillStyle: "",
      strokeStyle: "",
      lineWidth: 1,
      globalAlpha: 1,
      textBaseline: "",
      scale: () => {},
      setTransform: () => {},
      save: () => {},
      restore: () => {},
      clip: () => {},
      clearRect: (_x: number, _y: number, w: number, h: number) => {
        if (w === width && h === height) cleared.push(surface.name);
      },
      rect: (x: number, y: number, w: number, h: number) => {
        room = `${w}x${h} on ${surface.name} at ${x},${y}`;
      },
      measureText: (s: string) => ({ width: mono(s) }),
      fillText(text: string) {
        made.push(`${text}@${this.font}/${this.fillStyle} ${room}`);
      },
      beginPath: () => {
        lines.length = 0;
      },
      moveTo: (x: number, y: number) => lines.push(`${x},${y}`),
      lineTo: (x: number, y: number) => {
        lines[lines.length - 1] += `–${x},${y}`;
      },
      stroke() {
        surface.name = `hatch ${this.strokeStyle} a${this.globalAlpha} w${this.lineWidth}`;
        made.push(`${surface.name} ${width}x${height}: ${lines.join(" ")}`);
      },
    };
    surface.getContext = () => ctx as unknown as ReturnType<Surface["getContext"]>;
    return surface;
  };
  return { make, made, cleared };
}

export const palette = {
  bg: "#fff",
  fg: "#111",
  muted: "#777",
  header: "#fafafa",
  weekend: "#eee",
  line: "#ddd",
  today: "#e00",
  overbooked: "#f003",
  away: "#0f03",
  heat: { free: "#h1", part: "#h2", full: "#h3", over: "#h4" },
};
