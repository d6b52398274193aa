// What the canvas painters' tests share: a monospace measure, a 2D context that records what is
// drawn, and a palette.
import type { Ctx, Surface } from "../../src/timeline/render/labels";

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
    drawImage(image: { name: string }, x: number, y: number, w?: number, h?: number) {
      ops.push(`image ${image.name} a${this.globalAlpha} ${x},${y}${w === undefined ? "" : ` ${w}x${h}`}`);
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
 * Canvases off the page that record what is drawn on them (LabelCache's labels and hatch
 * tiles): each is named by what it shows, and `made` lists them as they are made.
 */
export function surfaces() {
  const made: string[] = [];
  const make = (width: number, height: number) => {
    const surface = { name: "", width, height } as Surface & { name: string };
    const lines: string[] = [];
    const ctx = {
      font: "",
      fillStyle: "",
      strokeStyle: "",
      lineWidth: 1,
      globalAlpha: 1,
      textBaseline: "",
      scale: () => {},
      measureText: (s: string) => ({ width: mono(s) }),
      fillText(text: string) {
        surface.name = `${text}@${this.font}/${this.fillStyle}`;
        made.push(`${surface.name} ${width}x${height}`);
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
  return { make, made };
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
