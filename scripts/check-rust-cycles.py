#!/usr/bin/env python3
"""Import circles between the modules of each Rust crate: module A names `crate::b` (or
`super::b`) items and module B names A's. A parent and its own child are not a circle (a parent
declares its children, and a child may use what its parent defines). Checked twice: between
modules, and between the crate's top-level modules with everything below each counted as it (so
`feed` using an item `plan` re-exports from `plan::assignments`, which uses `feed`, is a circle)."""
import re, sys
from pathlib import Path

def modules(src: Path):
    """Each source file under src as a module path ('' for lib.rs/main.rs)."""
    out = {}
    for f in src.rglob("*.rs"):
        rel = f.relative_to(src).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] in ("lib", "main", "mod"):
            parts = parts[:-1]
        out["::".join(parts)] = f
    return out

def uses(text: str, me: str):
    """The crate-relative module paths a file's code names (use lines and inline paths)."""
    text = re.sub(r"//[^\n]*", "", text)
    found = set()
    for m in re.finditer(r"\b(crate|super)((?:::[a-z_][a-z0-9_]*)+)", text):
        root, rest = m.group(1), [p for p in m.group(2).split("::") if p]
        base = [] if root == "crate" else me.split("::")[:-1] if me else []
        found.add("::".join(base + rest))
    for m in re.finditer(r"\b(crate|super)::\{([^;]*?)\}", text, re.S):
        root = m.group(1)
        base = [] if root == "crate" else me.split("::")[:-1] if me else []
        for item in re.split(r",", m.group(2)):
            head = item.strip().split("::")[0].strip("{ ")
            if re.fullmatch(r"[a-z_][a-z0-9_]*", head or ""):
                found.add("::".join(base + [head]))
    return found

def resolve(path: str, mods):
    """The longest module that `path` lies in."""
    parts = path.split("::")
    while parts:
        p = "::".join(parts)
        if p in mods:
            return p
        parts.pop()
    return ""

def related(a: str, b: str) -> bool:
    return a == b or a == "" or b == "" or a.startswith(b + "::") or b.startswith(a + "::")

def strongly_connected(graph):
    """Tarjan's strongly connected components."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            out.append(comp)
    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out

bad = []
for src in sorted(Path(".").glob("crates/*/src")) + [Path("src-tauri/src")]:
    mods = modules(src)
    graph = {m: set() for m in mods}
    top = {}
    for m, f in mods.items():
        for u in uses(f.read_text(), m):
            t = resolve(u, mods)
            if not related(m, t):
                graph[m].add(t)
            a, b = m.split("::")[0], t.split("::")[0]
            if a and b and a != b:
                top.setdefault(a, set()).add(b)
    for what, g in (("modules", graph), ("top-level modules", top)):
        for circle in strongly_connected(g):
            if len(circle) > 1:
                bad.append(f"{src} ({what}): " + " -> ".join(sorted(circle)))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
