// Small server-side SVG charts: deterministic strings, no script, colours from CSS variables
// (the page's palette, light and dark). Every data mark carries class="mark" so a test can count
// them; every chart is paired with a table by the caller.

export function esc(s: string | number): string {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const n1 = (x: number) => (Math.round(x * 10) / 10).toString();

export interface Series {
  name: string;
  /** A CSS class giving the colour: s1 (blue), s2 (vermillion), s3 (bluish green), s4 (orange). */
  cls: string;
}

function legend(series: readonly Series[], x: number, y: number): string {
  return series
    .map((s, i) => `<g transform="translate(${x + i * 130},${y})"><rect class="${s.cls}" width="10" height="10"/><text x="14" y="9">${esc(s.name)}</text></g>`)
    .join('');
}

function svgOpen(id: string, w: number, h: number, label: string): string {
  return `<svg data-chart="${esc(id)}" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}" xmlns="http://www.w3.org/2000/svg">`;
}

/**
 * Horizontal bars, one group per row, one bar per series in it. `format` writes a value at the
 * end of each bar (a rate as a percentage, a count as is).
 */
export function hbars(id: string, label: string, rows: readonly { label: string; values: (number | null)[] }[], series: readonly Series[], opts: { max?: number; format?: (v: number) => string } = {}): string {
  // null: nothing to measure (a bar of zero width, a dash for its value).
  const fmt = (v: number | null) => (v === null ? '–' : (opts.format ?? String)(v));
  const labelW = Math.min(260, 20 + 7 * Math.max(4, ...rows.map((r) => Math.min(36, r.label.length))));
  const barH = 12;
  const groupH = barH * series.length + 8;
  const plotW = 320;
  const w = labelW + plotW + 60;
  const h = 28 + rows.length * groupH + 4;
  const max = opts.max ?? Math.max(1, ...rows.flatMap((r) => r.values.map((v) => v ?? 0)));
  let out = svgOpen(id, w, h, label) + legend(series, labelW, 4);
  rows.forEach((r, i) => {
    const y0 = 24 + i * groupH;
    const shown = r.label.length > 36 ? `${r.label.slice(0, 35)}…` : r.label;
    out += `<text class="lbl" x="${labelW - 6}" y="${y0 + groupH / 2 + 2}" text-anchor="end"><title>${esc(r.label)}</title>${esc(shown)}</text>`;
    series.forEach((s, j) => {
      const v = r.values[j] ?? null;
      const bw = ((v ?? 0) / max) * plotW;
      const y = y0 + j * barH;
      out += `<rect class="mark ${s.cls}" x="${labelW}" y="${y}" width="${n1(bw)}" height="${barH - 2}"><title>${esc(`${r.label}: ${s.name} ${fmt(v)}`)}</title></rect>`;
      out += `<text class="val" x="${n1(labelW + bw + 4)}" y="${y + barH - 3}">${esc(fmt(v))}</text>`;
    });
  });
  return `${out}</svg>`;
}

/** Vertical bars by category (days), one bar per series in each. */
export function vbars(id: string, label: string, cats: readonly string[], values: readonly number[][], series: readonly Series[], opts: { width?: number; height?: number; axis?: boolean } = {}): string {
  const axis = opts.axis !== false;
  const w = opts.width ?? Math.max(320, Math.min(900, 40 + cats.length * (series.length * 10 + 8)));
  const h = opts.height ?? 180;
  const left = axis ? 40 : 2;
  const top = axis ? 22 : 2;
  const bottom = axis ? 30 : 2;
  const plotW = w - left - 4;
  const plotH = h - top - bottom;
  const max = Math.max(1, ...values.flat());
  const slot = plotW / Math.max(1, cats.length);
  const bw = Math.max(1, (slot - 2) / series.length);
  let out = svgOpen(id, w, h, label);
  if (axis) {
    out += legend(series, left, 4);
    out += `<line class="axis" x1="${left}" y1="${top + plotH}" x2="${w - 4}" y2="${top + plotH}"/>`;
    out += `<text class="val" x="${left - 4}" y="${top + 8}" text-anchor="end">${esc(max)}</text><text class="val" x="${left - 4}" y="${top + plotH}" text-anchor="end">0</text>`;
  }
  const every = Math.max(1, Math.ceil(cats.length / 10));
  cats.forEach((c, i) => {
    const x0 = left + i * slot + 1;
    series.forEach((s, j) => {
      const v = values[j]?.[i] ?? 0;
      const bh = (v / max) * plotH;
      out += `<rect class="mark ${s.cls}" x="${n1(x0 + j * bw)}" y="${n1(top + plotH - bh)}" width="${n1(bw)}" height="${n1(bh)}"><title>${esc(`${c}: ${s.name} ${v}`)}</title></rect>`;
    });
    if (axis && i % every === 0) out += `<text class="val" x="${n1(x0 + slot / 2)}" y="${h - 12}" text-anchor="middle">${esc(c.slice(5))}</text>`;
  });
  return `${out}</svg>`;
}
