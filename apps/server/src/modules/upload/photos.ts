/**
 * Inspection photos the demo data shows: drawn in code as SVG (a coil on a warehouse floor with
 * its label and the step's caption), so the demo needs no image files and no download. The
 * picture follows from its stored description alone, the same on every instance.
 */
import { escapeMarkup } from '@steelport/contracts';

/**
 * What a generated photo shows. The storage key holds the hue, the coil number and a sequence
 * number (`gen/<hue>/<coil>/<n>`, unique); the caption is the upload's name.
 */
export interface GeneratedPhoto {
  hue: number;
  coil: string;
  caption: string;
}

/** The storage key of a generated photo (coil numbers are [A-Za-z0-9-], so the key is plain). */
export function generatedKey(hue: number, coil: string, n: number): string {
  return `gen/${hue}/${coil}/${n}`;
}

/** Hue and coil back from a storage key, or null for a key of a real file. */
export function parseGeneratedKey(key: string): { hue: number; coil: string } | null {
  const m = /^gen\/(\d{1,3})\/([A-Za-z0-9-]{1,40})\/\d+$/.exec(key);
  return m ? { hue: Number(m[1]), coil: m[2]! } : null;
}

/** The SVG of a generated photo: 640 x 480, a steel coil seen from its end, label and caption. */
export function renderPhoto(p: GeneratedPhoto): string {
  const coil = escapeMarkup(p.coil);
  const caption = escapeMarkup(p.caption);
  const floor = `hsl(${p.hue}, 12%, 34%)`;
  const wall = `hsl(${p.hue}, 18%, 72%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
<rect width="640" height="300" fill="${wall}"/>
<rect y="300" width="640" height="180" fill="${floor}"/>
<g transform="translate(320 250)">
<circle r="150" fill="#8a9099"/><circle r="150" fill="none" stroke="#5b6068" stroke-width="6"/>
<circle r="120" fill="none" stroke="#a3a9b1" stroke-width="3"/><circle r="95" fill="none" stroke="#767c84" stroke-width="3"/>
<circle r="70" fill="none" stroke="#a3a9b1" stroke-width="3"/><circle r="52" fill="#2b2f35"/>
<rect x="-70" y="-40" width="140" height="44" rx="4" fill="#fff" stroke="#333"/>
<text y="-11" text-anchor="middle" font-family="monospace" font-size="18" fill="#111">${coil}</text>
</g>
<rect y="420" width="640" height="60" fill="rgba(0,0,0,0.6)"/>
<text x="20" y="458" font-family="sans-serif" font-size="24" fill="#fff">${caption}</text>
</svg>`;
}
