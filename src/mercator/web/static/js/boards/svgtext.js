// Text in drawn boards: SVG text neither wraps nor shrinks, and German and Russian names run long.

/** Attributes that squeeze ``text`` into ``width`` when, at ``size``, it would run past it. */
export function fit(text, width, size) {
  return String(text).length * size * 0.57 > width ? { textLength: width, lengthAdjust: "spacingAndGlyphs" } : {};
}

/** ``text`` in at most two lines of about ``n`` characters, broken between words. */
export function wrap(text, n) {
  const out = [""];
  for (const word of String(text).split(" ")) {
    const line = out[out.length - 1];
    if (line && `${line} ${word}`.length > n && out.length < 2) out.push(word);
    else out[out.length - 1] = line ? `${line} ${word}` : word;
  }
  return out;
}
