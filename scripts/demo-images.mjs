// The app's own pictures (issue 34 item 2), drawn here as SVG: the booking and events pages' hero
// scenes and one picture per event type (the demo's events use them; an event without a photo shows
// its type's). Nothing is downloaded or copied: every shape is made below. The files are written to
// public/files/ and committed; run again after a change: node scripts/demo-images.mjs
import { mkdirSync, writeFileSync } from "node:fs";

const OUT = "public/files";
const f = (n) => Number(n.toFixed(1));

/** A pickleball paddle: its face centred at (x, y), turned `turn` degrees. */
const paddle = (x, y, turn, face, edge, scale = 1) =>
  `<g transform="translate(${x} ${y}) rotate(${turn}) scale(${scale})">` +
  `<rect x="-13" y="52" width="26" height="64" rx="9" fill="#2b2f36"/>` +
  `<path d="M-13 66h26M-13 80h26M-13 94h26" stroke="#454b54" stroke-width="3"/>` +
  `<rect x="-50" y="-62" width="100" height="122" rx="42" fill="${edge}"/>` +
  `<rect x="-44" y="-56" width="88" height="110" rx="37" fill="${face}"/>` +
  `<path d="M-30 -36q30 -14 60 0" stroke="#fff" stroke-opacity=".35" stroke-width="6" fill="none" stroke-linecap="round"/></g>`;

/** A pickleball (a perforated ball) of radius r at (x, y). */
const ball = (x, y, r, colour = "#d8f24a") => {
  const holes = [
    [0, 0],
    [-0.45, -0.3],
    [0.45, -0.3],
    [-0.45, 0.35],
    [0.45, 0.35],
    [0, -0.62],
    [0, 0.66],
  ]
    .map(([dx, dy]) => `<circle cx="${f(x + dx * r)}" cy="${f(y + dy * r)}" r="${f(r * 0.12)}"/>`)
    .join("");
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/><g fill="#000" fill-opacity=".22">${holes}</g>`;
};

/** A motion trail behind a ball flying from the left. */
const trail = (x, y, r) =>
  `<path d="M${x - r * 5} ${y + r * 0.9}Q${x - r * 2} ${y + r * 0.4} ${x - r * 0.6} ${y}" stroke="#fff" stroke-opacity=".45" stroke-width="${f(r * 0.35)}" fill="none" stroke-linecap="round"/>`;

/** A dartboard of radius R at (x, y): sectors, trebles and doubles drawn as dashed rings. */
const dartboard = (x, y, R) => {
  const ring = (r, width, colour) => {
    const seg = f((2 * Math.PI * r) / 20);
    return `<circle cx="${x}" cy="${y}" r="${f(r)}" fill="none" stroke="${colour}" stroke-width="${f(width)}" stroke-dasharray="${seg} ${seg}" transform="rotate(-9 ${x} ${y})"/>`;
  };
  const full = (r, width, colour) =>
    `<circle cx="${x}" cy="${y}" r="${f(r)}" fill="none" stroke="${colour}" stroke-width="${f(width)}"/>`;
  return (
    `<circle cx="${x}" cy="${y}" r="${R}" fill="#1d1f24"/>` +
    `<circle cx="${x}" cy="${y}" r="${f(R * 0.82)}" fill="#23262b"/>` +
    ring(R * 0.45, R * 0.7, "#f3e9d2") +
    full(R * 0.8, R * 0.07, "#1f8a4c") +
    ring(R * 0.8, R * 0.07, "#d63a2f") +
    full(R * 0.5, R * 0.07, "#1f8a4c") +
    ring(R * 0.5, R * 0.07, "#d63a2f") +
    `<circle cx="${x}" cy="${y}" r="${f(R * 0.1)}" fill="#1f8a4c"/><circle cx="${x}" cy="${y}" r="${f(R * 0.045)}" fill="#d63a2f"/>`
  );
};

/** A dart stuck at (x, y), its flight up and to the right. */
const dart = (x, y, turn, flight) =>
  `<g transform="translate(${x} ${y}) rotate(${turn})">` +
  `<path d="M0 0l30 0" stroke="#c9ced6" stroke-width="3"/><rect x="28" y="-4" width="34" height="8" rx="3" fill="#3b4048"/>` +
  `<path d="M60 0l28 -16l6 0l-12 16l12 16l-6 0z" fill="${flight}"/></g>`;

/** An indoor court in perspective: blue playing area, white lines, the net across the middle. */
const court = (cx, top, bottom, halfTop, halfBottom) => {
  const lerp = (a, b, t) => a + (b - a) * t;
  const y = (t) => f(lerp(top, bottom, t));
  const half = (t) => lerp(halfTop, halfBottom, t);
  const line = (t) => `M${f(cx - half(t))} ${y(t)}H${f(cx + half(t))}`;
  const mid = 0.5;
  return (
    `<path d="M${cx - halfTop - 40} ${top - 16}H${cx + halfTop + 40}L${cx + halfBottom + 90} ${bottom + 24}H${cx - halfBottom - 90}z" fill="#2f7d59"/>` +
    `<path d="M${cx - halfTop} ${top}H${cx + halfTop}L${cx + halfBottom} ${bottom}H${cx - halfBottom}z" fill="#2c6fb3"/>` +
    `<path d="M${f(cx - half(0.36))} ${y(0.36)}H${f(cx + half(0.36))}L${f(cx + half(0.64))} ${y(0.64)}H${f(cx - half(0.64))}z" fill="#3d86c9"/>` +
    `<g stroke="#fff" stroke-width="4" fill="none"><path d="M${cx - halfTop} ${top}H${cx + halfTop}L${cx + halfBottom} ${bottom}H${cx - halfBottom}z"/>` +
    `<path d="${line(0.36)}${line(0.64)}M${cx} ${top}V${y(0.36)}M${cx} ${y(0.64)}V${bottom}"/></g>` +
    `<path d="M${f(cx - half(mid) - 26)} ${y(mid) - 34}H${f(cx + half(mid) + 26)}V${y(mid)}H${f(cx - half(mid) - 26)}z" fill="#111" fill-opacity=".55"/>` +
    `<path d="M${f(cx - half(mid) - 26)} ${y(mid) - 34}H${f(cx + half(mid) + 26)}" stroke="#fff" stroke-width="5"/>` +
    `<path d="M${f(cx - half(mid) - 26)} ${y(mid) - 36}V${y(mid) + 4}M${f(cx + half(mid) + 26)} ${y(mid) - 36}V${y(mid) + 4}" stroke="#2b2f36" stroke-width="7"/>`
  );
};

/** A row of warm light bulbs hanging on a wire from (x1, y) to (x2, y). */
const lights = (x1, x2, y, sag, count) => {
  let bulbs = "";
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const bx = f(x1 + (x2 - x1) * t);
    const by = f(y + 4 * sag * t * (1 - t));
    bulbs += `<circle cx="${bx}" cy="${by + 10}" r="14" fill="#ffd66b" fill-opacity=".18"/><circle cx="${bx}" cy="${by + 10}" r="6" fill="#ffe39a"/>`;
  }
  return `<path d="M${x1} ${y}Q${(x1 + x2) / 2} ${y + 2 * sag} ${x2} ${y}" stroke="#0b0f16" stroke-opacity=".6" stroke-width="2" fill="none"/>${bulbs}`;
};

const confetti = (seed, count, box, colours) => {
  let s = seed;
  const rand = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = f(box[0] + rand() * (box[2] - box[0]));
    const y = f(box[1] + rand() * (box[3] - box[1]));
    const turn = Math.round(rand() * 180);
    out += `<rect x="${x}" y="${y}" width="10" height="5" rx="1.5" fill="${colours[i % colours.length]}" transform="rotate(${turn} ${x} ${y})"/>`;
  }
  return out;
};

const svg = (w, h, defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
  `<defs>${defs}</defs>${body}</svg>\n`;

const wall = (id, top, bottom) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
const glow = (id, colour) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity=".55"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;

// ---- the heroes: calm and dark on the left, where the page's heading sits; the play on the right ----

const bookHero = svg(
  1200,
  400,
  wall("w", "#0d2233", "#0a1824") + glow("g", "#2fb37a"),
  `<rect width="1200" height="400" fill="url(#w)"/>` +
    `<circle cx="860" cy="120" r="320" fill="url(#g)"/>` +
    `<path d="M0 250H1200" stroke="#fff" stroke-opacity=".06" stroke-width="2"/>` +
    `<g fill="#fff" fill-opacity=".05"><rect x="560" y="40" width="120" height="70" rx="6"/><rect x="700" y="40" width="120" height="70" rx="6"/><rect x="840" y="40" width="120" height="70" rx="6"/></g>` +
    court(850, 250, 400, 170, 330) +
    dartboard(1070, 130, 62) +
    dart(1072, 112, -30, "#ffb02e") +
    dart(1056, 148, -18, "#36c5f0") +
    paddle(640, 300, -28, "#ff7a45", "#c44d1f", 0.9) +
    paddle(1040, 320, 24, "#36c5f0", "#1b86a8", 0.9) +
    trail(800, 170, 18) +
    ball(800, 170, 18),
);

const eventsHero = svg(
  1200,
  400,
  wall("w", "#231533", "#140c20") + glow("g", "#ff6fa8"),
  `<rect width="1200" height="400" fill="url(#w)"/>` +
    `<circle cx="900" cy="190" r="300" fill="url(#g)" opacity=".7"/>` +
    lights(520, 1200, 30, 40, 12) +
    lights(560, 1200, 110, 30, 10) +
    `<path d="M520 330H1200V400H520z" fill="#2a1b3d"/>` +
    dartboard(1060, 215, 78) +
    dart(1064, 196, -25, "#ffd166") +
    dart(1046, 236, -12, "#06d6a0") +
    paddle(760, 260, -20, "#06d6a0", "#05a47b") +
    paddle(850, 270, 22, "#ffd166", "#e0a82e") +
    ball(690, 180, 20) +
    confetti(7, 40, [560, 150, 1180, 330], ["#ffd166", "#06d6a0", "#ef476f", "#4cc9f0"]),
);

// ---- one picture per event type (cards and detail pages; 2:1) ----

const card = (top, bottom, accent, body) =>
  svg(
    640,
    320,
    wall("w", top, bottom) + glow("g", accent),
    `<rect width="640" height="320" fill="url(#w)"/><circle cx="420" cy="150" r="260" fill="url(#g)"/>${body}`,
  );

const trophy = (x, y) =>
  `<g transform="translate(${x} ${y})">` +
  `<path d="M-70 -70h140v40a70 70 0 0 1 -140 0z" fill="#ffc53d"/>` +
  `<path d="M-70 -58h-34a34 34 0 0 0 34 58M70 -58h34a34 34 0 0 1 -34 58" stroke="#ffc53d" stroke-width="12" fill="none"/>` +
  `<path d="M-14 38h28v34h-28z" fill="#e0a400"/><rect x="-54" y="70" width="108" height="26" rx="5" fill="#6b3f1d"/>` +
  `<path d="M-40 -56v40a40 40 0 0 0 24 36" stroke="#fff" stroke-opacity=".45" stroke-width="10" fill="none" stroke-linecap="round"/></g>`;

const ladderArt = (x, y) => {
  const rungs = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${x + i * 70}" y="${y - i * 46}" width="64" height="${40 + i * 46}" rx="6" fill="${["#5ec2ff", "#48a8f0", "#3a8ee0", "#ffc53d"][i]}"/>`,
    )
    .join("");
  return `${rungs}<path d="M${x + 20} ${y - 40}L${x + 240} ${y - 170}" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-dasharray="2 18"/><path d="M${x + 220} ${y - 182}l34 -8l-10 34z" fill="#fff"/>`;
};

const whiteboard = (x, y) =>
  `<g transform="translate(${x} ${y})"><rect x="0" y="0" width="230" height="150" rx="10" fill="#f4f6f8"/><rect x="0" y="0" width="230" height="150" rx="10" fill="none" stroke="#9aa5b1" stroke-width="6"/>` +
  `<path d="M20 75H210M115 20V130" stroke="#c3ccd6" stroke-width="3"/>` +
  `<g stroke="#1c7ed6" stroke-width="6" stroke-linecap="round"><path d="M45 40l22 22M67 40l-22 22"/></g>` +
  `<circle cx="170" cy="108" r="13" fill="none" stroke="#e8590c" stroke-width="6"/>` +
  `<path d="M70 62Q120 40 158 98" stroke="#2b8a3e" stroke-width="5" fill="none" stroke-dasharray="10 8"/>` +
  `<path d="M40 150l-14 60M190 150l14 60" stroke="#6c757d" stroke-width="7" stroke-linecap="round"/></g>`;

const cones = (x, y) =>
  [0, 1, 2]
    .map(
      (i) =>
        `<path d="M${x + i * 58} ${y}l18 -46l18 46z" fill="#ff8c42"/><rect x="${x - 6 + i * 58}" y="${y - 2}" width="48" height="8" rx="3" fill="#e8590c"/>`,
    )
    .join("");

const calendar = (x, y) => {
  let cells = "";
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 5; c++) {
      const on = (r === 1 && c === 2) || (r === 2 && c === 2) || (r === 0 && c === 2);
      cells += `<rect x="${x + 16 + c * 40}" y="${y + 56 + r * 34}" width="30" height="24" rx="4" fill="${on ? "#ffc53d" : "#dde3ea"}"/>`;
    }
  return (
    `<rect x="${x}" y="${y}" width="232" height="176" rx="12" fill="#fff"/><rect x="${x}" y="${y}" width="232" height="42" rx="12" fill="#e03131"/><rect x="${x}" y="${y + 28}" width="232" height="14" fill="#e03131"/>` +
    `<rect x="${x + 50}" y="${y - 12}" width="12" height="28" rx="5" fill="#495057"/><rect x="${x + 170}" y="${y - 12}" width="12" height="28" rx="5" fill="#495057"/>${cells}`
  );
};

const wineGlass = (x, y, fill) =>
  `<g transform="translate(${x} ${y})"><path d="M-34 -80h68c0 52 -14 78 -34 82c-20 -4 -34 -30 -34 -82z" fill="#fff" fill-opacity=".25" stroke="#fff" stroke-opacity=".7" stroke-width="4"/>` +
  `<path d="M-30 -48h60c-4 30 -14 46 -30 48c-16 -2 -26 -18 -30 -48z" fill="${fill}"/>` +
  `<path d="M0 2v64M-28 68h56" stroke="#fff" stroke-opacity=".8" stroke-width="6" stroke-linecap="round"/></g>`;

const plate = (x, y) =>
  `<ellipse cx="${x}" cy="${y}" rx="90" ry="26" fill="#f1f3f5"/><ellipse cx="${x}" cy="${y - 4}" rx="66" ry="17" fill="#dee2e6"/>` +
  `<circle cx="${x - 22}" cy="${y - 12}" r="12" fill="#f08c00"/><circle cx="${x + 6}" cy="${y - 14}" r="10" fill="#c92a2a"/><circle cx="${x + 28}" cy="${y - 10}" r="11" fill="#5c940d"/>`;

const eventArt = {
  "open-play": card(
    "#0e3b2e",
    "#0a2a21",
    "#3ddc97",
    court(330, 150, 320, 120, 260) +
      paddle(120, 130, -30, "#ff7a45", "#c44d1f", 0.8) +
      paddle(540, 120, 28, "#36c5f0", "#1b86a8", 0.8) +
      trail(360, 80, 16) +
      ball(360, 80, 16),
  ),
  classes: card(
    "#13315c",
    "#0b2545",
    "#4dabf7",
    whiteboard(70, 50) +
      cones(380, 280) +
      paddle(470, 130, 18, "#ffd43b", "#e0a800", 0.8) +
      ball(560, 230, 16),
  ),
  league: card(
    "#1f2a44",
    "#141b2d",
    "#748ffc",
    calendar(60, 70) +
      paddle(430, 150, -16, "#748ffc", "#4c6ef5", 0.85) +
      paddle(520, 160, 20, "#ff922b", "#e8590c", 0.85) +
      ball(470, 60, 16),
  ),
  ladder: card(
    "#3b1f0e",
    "#26140a",
    "#ffa94d",
    ladderArt(90, 270) + paddle(520, 140, 22, "#ffa94d", "#e8590c", 0.8) + ball(440, 70, 16),
  ),
  tournament: card(
    "#3a0f2d",
    "#250a1d",
    "#f783ac",
    trophy(320, 150) +
      paddle(130, 150, -26, "#f783ac", "#d6336c", 0.8) +
      paddle(510, 150, 26, "#63e6be", "#12b886", 0.8) +
      confetti(3, 26, [60, 20, 600, 120], ["#ffd43b", "#63e6be", "#f783ac", "#74c0fc"]),
  ),
  foodie: card(
    "#2d0f22",
    "#1c0915",
    "#ff8787",
    lights(0, 640, 16, 24, 9) +
      dartboard(470, 160, 100) +
      dart(474, 140, -24, "#ffd43b") +
      wineGlass(150, 200, "#a61e4d") +
      wineGlass(250, 214, "#e9c46a") +
      plate(210, 290),
  ),
};

mkdirSync(`${OUT}/events`, { recursive: true });
const written = [
  ["venue-hero.svg", bookHero],
  ["events-hero.svg", eventsHero],
  ...Object.entries(eventArt).map(([name, art]) => [`events/${name}.svg`, art]),
];
for (const [name, art] of written) {
  writeFileSync(`${OUT}/${name}`, art);
  console.log(`${OUT}/${name}: ${art.length} bytes`);
}
