// The web editor in a real browser: headless Chromium (Debian's), driven
// by Playwright with the real pointer and keys, as a person would. The page
// is served from a local folder; it reports what it shows as JSON lines on
// the console (`?report`), so every step waits for a state, never for a
// fixed time. Run by `.ci/run`:
//
//   node tests/web/editor.mjs DIST LADDERKIT OUT
//
// DIST is the folder `web/build.sh` made, LADDERKIT the command-line binary
// (for `share` and `analyze`, which the page must agree with), OUT where
// the screenshots and downloads go (README's picture of the page is one).
// The last step sets the page's speed against the native editor beside
// LADDERKIT (`ladderkit-editor --bench`, and a window under xvfb-run) and
// writes the figures to OUT/timing.json.

import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { inflateSync } from "node:zlib";
import { chromium } from "playwright-core";

const [dist, cli, out] = process.argv.slice(2).map((p) => p && resolve(p));
if (!dist || !cli || !out) {
  console.error("usage: node tests/web/editor.mjs DIST LADDERKIT OUT");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const root = resolve(new URL("../..", import.meta.url).pathname);
const variant = (name) => join(root, "variants", name);
// A step may take this long to show: SwiftShader draws in software.
const WAIT = 90_000;

const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = createServer((req, res) => {
  const path = join(dist, decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/\/$/, "/index.html"));
  if (!path.startsWith(dist) || !existsSync(path)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" }).end(readFileSync(path));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/?report`;

const ladderkit = (...args) => execFileSync(cli, args, { encoding: "utf8" });
const share = (file) => JSON.parse(ladderkit("share", file, "--base", base, "--json"));

const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "ladderkit-chromium-")), {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  acceptDownloads: true,
  viewport: { width: 1400, height: 900 },
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});

let failed = false;
let lastSeen = null; // the page of the step that failed, for its picture
const ok = (what) => console.log(`  ok: ${what}`);
function check(condition, what, detail) {
  if (!condition) throw new Error(`${what}${detail === undefined ? "" : `: ${JSON.stringify(detail).slice(0, 1500)}`}`);
  ok(what);
}

/** A page of the editor and what it last reported (in `where`, a browser
 *  context: another is another person, with storage of its own). */
async function open(url, where = context) {
  const page = await where.newPage();
  const editor = { page, state: null, line: null, errors: [], opened: Date.now() };
  page.on("console", (message) => {
    const text = message.text();
    if (text.startsWith("ladderkit-bench ")) {
      editor.bench = JSON.parse(text.slice("ladderkit-bench ".length));
    } else if (text.startsWith("ladderkit-report ")) {
      editor.line = JSON.parse(text.slice("ladderkit-report ".length));
      editor.state = editor.line.state;
    } else if (message.type() === "error") {
      editor.errors.push(text);
    }
  });
  page.on("pageerror", (e) => editor.errors.push(String(e)));
  await page.goto(url);
  return editor;
}

/** Waits until the page reports a state `test` accepts. */
async function until(editor, what, test) {
  lastSeen = editor;
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    if (editor.state && test(editor.state)) {
      ok(what);
      return editor.state;
    }
    if (editor.errors.some((e) => e.includes("panicked") || e.includes("RuntimeError"))) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const fps = await editor.page.evaluate(() => new Promise((r) => {
    let n = 0;
    const t0 = performance.now();
    const f = () => (++n, performance.now() - t0 < 3000 ? requestAnimationFrame(f) : r(n / 3));
    requestAnimationFrame(f);
  })).catch(() => null);
  const frame = editor.line && { frame: editor.line.frame, fps, ui_ms: editor.line.ui_ms, jobs: editor.line.jobs };
  throw new Error(`timed out waiting for: ${what}\nerrors: ${editor.errors.join("\n")}\nframes: ${JSON.stringify(frame)}\nlast report: ${JSON.stringify(editor.state)?.slice(0, 3000)}`);
}

/** Waits until `get` gives something (a figure the page logged). */
async function waitFor(editor, what, get) {
  lastSeen = editor;
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    const got = get();
    if (got) {
      ok(what);
      return got;
    }
    if (editor.errors.some((e) => e.includes("panicked") || e.includes("RuntimeError"))) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for: ${what}\nerrors: ${editor.errors.join("\n")}`);
}

// The frame figures of background work, and its longest single step with
// the job that took it (a frame over the budget is one such step).
function workLine(jobs) {
  const step = jobs.longest_step;
  return `${jobs.mean_ms.toFixed(2)} ms a frame on average, at most ${jobs.longest_ms.toFixed(2)} ms`
    + ` (longest step ${step.ms.toFixed(2)} ms, ${step.job || "none"})`;
}

/** The interface's mean time a frame between two report lines (each
 *  carries the mean since the start and the frame count). */
function framesBetween(a, b) {
  return (b.ui_ms * b.frame - a.ui_ms * a.frame) / (b.frame - a.frame);
}

function space(editor, n) {
  const found = editor.state.spaces.find(([number]) => number === n);
  if (!found) throw new Error(`space ${n} is not on screen`);
  return { x: found[1], y: found[2] };
}

function target(editor, name) {
  const rect = editor.state.targets?.[name];
  if (!rect) throw new Error(`${name} is not on screen: ${Object.keys(editor.state.targets ?? {})}`);
  return { x: (rect[0] + rect[2]) / 2, y: (rect[1] + rect[3]) / 2, rect };
}

/** Waits for the page to draw `n` frames: the editor reads input once a
 *  frame, and software rendering can make a frame take half a second. */
async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}

/** A hand's click: over the button first, for a frame or two (egui's
 *  menus answer a pointer that is there), then a quick press and release
 *  (egui takes a press held for most of a second as no click, and a frame
 *  can take half a second here). */
async function click(editor, name, where = (t) => t) {
  const mouse = editor.page.mouse;
  // A panel may still be settling its width in a page's first frames:
  // follow the button until it stays put under the pointer.
  for (let moved = 0, t = null; ; moved++) {
    const now = where(target(editor, name));
    if (t && now.x === t.x && now.y === t.y) break;
    if (moved > 10) throw new Error(`${name} does not stay put: ${JSON.stringify([t, now])}`);
    t = now;
    await mouse.move(t.x, t.y);
    await frames(editor.page);
  }
  await mouse.down();
  await editor.page.waitForTimeout(50);
  await mouse.up();
  await frames(editor.page);
}

/** A hand's drag: press, move through the frames in between, release. */
async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await frames(page);
  await page.mouse.down();
  await frames(page);
  for (let i = 1; i <= 6; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 6, from.y + ((to.y - from.y) * i) / 6);
    await frames(page, 1);
  }
  await page.mouse.up();
  await frames(page);
}

/** The RGB pixels of a PNG (Chromium's screenshots: 8-bit RGB or RGBA). */
function pixels(png) {
  const width = png.readUInt32BE(16), height = png.readUInt32BE(20), type = png[25];
  const channels = type === 6 ? 4 : 3;
  const chunks = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString("ascii", at + 4, at + 8) === "IDAT") chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels, data = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? data[y * stride + i - channels] : 0;
      const b = y > 0 ? data[(y - 1) * stride + i] : 0;
      const c = y > 0 && i >= channels ? data[(y - 1) * stride + i - channels] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const predicted = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      data[y * stride + i] = (line[i] + predicted) & 255;
    }
  }
  return { width, height, at: (x, y) => [0, 1, 2].map((k) => data[Math.round(y) * stride + Math.round(x) * channels + k]) };
}

try {
  // 1. A bundled board opened from its link, drawn where the report says.
  const milton = share(variant("milton-bradley.ron"));
  console.log(`milton-bradley.ron: a ${milton.characters}-character link`);
  const started = Date.now();
  const ed = await open(milton.url);
  await until(ed, "the page opens the shared board (the same canonical text's hash as the command line's)", (s) =>
    s.hash === milton.hash && s.spaces.length === 100);
  const firstBoard = (Date.now() - started) / 1000;
  await ed.page.waitForTimeout(500); // let a frame or two land before the picture
  const shot = await ed.page.screenshot({ path: join(out, "web.png") });
  const picture = pixels(shot);
  const background = picture.at(6, picture.height / 2);
  const colours = new Set();
  for (let y = 0; y < picture.height; y += 7) for (let x = 0; x < picture.width; x += 7) colours.add(picture.at(x, y).join());
  check(colours.size > 20, `the page is drawn (${colours.size} colours sampled)`);
  const onTiles = ed.state.spaces.filter(([, x, y]) => {
    const [r, g, b] = picture.at(x + 6, y + 6);
    return Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) > 30;
  });
  check(onTiles.length === 100, "every space is drawn where the report says it is", onTiles.length);
  check(/opened .* from a board link/.test(ed.state.status), "the status says where the board came from", ed.state.status);

  // 2. A drag draws a ladder; a second closing a loop is a jump-loop; Ctrl+Z.
  await ed.page.mouse.click(space(ed, 3).x, space(ed, 3).y);
  await ed.page.keyboard.press("j");
  await until(ed, "the Draw jump tool (J)", (s) => s.tool === "Draw jump");
  await drag(ed.page, space(ed, 3), space(ed, 12));
  await until(ed, "a drag from 3 to 12 draws a ladder", (s) => s.jumps.some(([a, b]) => a === 3 && b === 12));
  await drag(ed.page, space(ed, 12), space(ed, 3));
  await until(ed, "a second drag closing the loop gets the jump-loop diagnostic", (s) =>
    s.jumps.some(([a, b]) => a === 12 && b === 3) && s.codes.includes("jump-loop"));
  await ed.page.keyboard.press("Control+z");
  await until(ed, "Ctrl+Z takes the loop back", (s) =>
    !s.jumps.some(([a, b]) => a === 12 && b === 3) && !s.codes.includes("jump-loop") &&
    s.jumps.some(([a, b]) => a === 3 && b === 12));

  // 3. Ctrl+S downloads what was drawn; the odds panel prints what
  //    `ladderkit analyze` says of that very file.
  const [download] = await Promise.all([ed.page.waitForEvent("download"), ed.page.keyboard.press("Control+s")]);
  const saved = join(out, "saved.ron");
  await download.saveAs(saved);
  const drawn = ed.state.jumps;
  const savedJumps = [...readFileSync(saved, "utf8").matchAll(/\(from: (\d+), to: (\d+)/g)].map((m) => [+m[1], +m[2]]);
  check(JSON.stringify(savedJumps.sort()) === JSON.stringify([...drawn].sort()), "the saved download holds the jumps drawn", { savedJumps, drawn });
  check(JSON.parse(ladderkit("share", saved, "--json")).hash === ed.state.hash, "the download is the page's document exactly (same hash)");
  await until(ed, "saving clears the unsaved mark", (s) => !s.dirty);
  await click(ed, "tab:Odds");
  const odds = (await until(ed, "the odds panel shows the design's current odds", (s) => s.tab === "Odds" && s.odds.current && s.odds.rows)).odds;
  const analysis = JSON.parse(ladderkit("analyze", saved, "--json", "--players", String(odds.players)));
  const printed = Object.fromEntries(odds.rows);
  const expect = {
    "Expected rolls": analysis.expected_rolls.toFixed(2),
    "Expected turns": analysis.expected_turns.toFixed(2),
    "Fewest rolls": String(analysis.min_rolls),
    "Median rolls": String(analysis.median_rolls),
  };
  for (const [name, value] of Object.entries(expect)) {
    check(printed[name] === value, `the odds panel's ${name.toLowerCase()} ${printed[name]} is analyze's, to every printed digit`, { printed: printed[name], analyze: value });
  }
  const oddsMs = odds.took_ms;
  console.log(`    the exact odds after the edit came ${oddsMs} ms after the work began`);

  // 4. Share › Copy link gives a link that opens the same board; a link cut
  //    short gets a located diagnostic, and the page still works.
  await click(ed, "menu:Share");
  await until(ed, "the Share menu opens", (s) => s.targets["menu:Share:copy"]);
  await click(ed, "menu:Share:copy");
  const link = (await until(ed, "Share › Copy link makes a link", (s) => s.link?.url)).link.url;
  const again = await open(link);
  await until(again, "the page's own link opens the same board", (s) => s.hash === ed.state.hash && s.spaces.length === 100);
  const cut = link.slice(0, Math.floor(link.length * 0.7));
  const damaged = await open(cut);
  const problem = (await until(damaged, "a link cut short is refused with a located diagnostic", (s) =>
    s.problem?.code === "link-damaged" && s.problem.line === 1 && s.problem.column > 0)).problem;
  console.log(`    ${problem.text}`);
  await until(damaged, "and the page still draws a board behind it", (s) => s.spaces.length > 0);
  await again.page.close();
  await damaged.page.close();
  // A browser whose WebAssembly lacks relaxed SIMD is told so in words,
  // before the module fails to compile (here: the page's check answers no).
  const old = await context.newPage();
  await old.addInitScript(() => { WebAssembly.validate = () => false; });
  await old.goto(milton.url);
  await old.waitForFunction(() => document.getElementById("note")?.className === "error", null, { timeout: 30_000 });
  const told = await old.evaluate(() => document.getElementById("note").textContent);
  check(told.includes("no relaxed SIMD"), "a browser without relaxed SIMD is told why the editor cannot start", told);
  await old.close();
  // The first tab is in front again (a tab behind others gets few frames).
  await ed.page.bringToFront();

  // 5. A file dropped on the page and one picked with File › Open open
  //    untitled, named after the file.
  const dropped = readFileSync(variant("treehouse.ron"), "utf8");
  await ed.page.evaluate(([text]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "treehouse.ron"));
    document.getElementById("ladderkit").dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true }));
  }, [dropped]);
  await until(ed, "a dropped .ron opens", (s) => s.name === "Treehouse Snakes and Ladders" && /opened treehouse.ron/.test(s.status));
  await click(ed, "menu:File");
  await until(ed, "the File menu opens", (s) => s.targets["menu:File:open"]);
  const [chooser] = await Promise.all([ed.page.waitForEvent("filechooser"), click(ed, "menu:File:open")]);
  await chooser.setFiles(variant("gameweave-small.ron"));
  const small = await until(ed, "a file picked with File › Open opens", (s) => /opened gameweave-small.ron/.test(s.status));

  // 6. Exports are downloads: the board as SVG and the print-and-play kit.
  await click(ed, "menu:File");
  await until(ed, "the File menu opens", (s) => s.targets["menu:File:board"]);
  const [board] = await Promise.all([ed.page.waitForEvent("download"), click(ed, "menu:File:board")]);
  await board.saveAs(join(out, "board.svg"));
  const svg = readFileSync(join(out, "board.svg"), "utf8");
  check(svg.includes("<svg") && svg.includes("Gameweave"), "the printable board downloads as SVG", board.suggestedFilename());
  await click(ed, "menu:File");
  await until(ed, "the File menu opens again", (s) => s.targets["menu:File:kit"]);
  const [kit] = await Promise.all([ed.page.waitForEvent("download"), click(ed, "menu:File:kit")]);
  await kit.saveAs(join(out, "kit.pdf"));
  check(readFileSync(join(out, "kit.pdf")).subarray(0, 5).toString() === "%PDF-", "the print-and-play kit downloads as a PDF", kit.suggestedFilename());

  // 7. A play-test with bots runs to a win (F5, a fast speed, the roll button).
  await ed.page.keyboard.press("F5");
  await until(ed, "F5 starts a play-test", (s) => s.mode === "Playtest" && s.playtest);
  await click(ed, "tab:Play-test");
  await until(ed, "its panel shows the seats and the speed", (s) => s.targets["play:speed"]);
  // Near the fast end of the slider's rail (its number box is to the right).
  await click(ed, "play:speed", (t) => ({ x: t.rect[0] + (t.rect[2] - t.rect[0]) * 0.6, y: t.y }));
  await until(ed, "the roll button is there", (s) => s.targets["play:roll"]);
  await click(ed, "play:roll");
  const won = await until(ed, "the bots play the game to a win", (s) => s.playtest?.over && s.playtest.winners.length > 0);
  console.log(`    ${won.playtest.winners.join(" and ")} won after ${won.playtest.moves_shown} moves`);
  await ed.page.keyboard.press("Escape");
  await until(ed, "Esc goes back to editing, the design as it was", (s) => s.mode === "Edit" && s.hash === small.hash);

  // 8. Unsaved work survives the tab: kept in the browser's storage and
  //    offered back when the page opens again.
  await ed.page.mouse.click(space(ed, 2).x, space(ed, 2).y);
  await ed.page.keyboard.press("j");
  await drag(ed.page, space(ed, 2), space(ed, 9));
  await until(ed, "an edit", (s) => s.dirty && s.jumps.some(([a, b]) => a === 2 && b === 9));
  await ed.page.waitForFunction(() => localStorage.getItem("ladderkit.untitled")?.includes("from: 2, to: 9"), null, { timeout: WAIT });
  ok("the unsaved edit is kept in the browser's storage");
  const timing = ed.line;
  await ed.page.close();
  const back = await open(base);
  await until(back, "reopened, the page offers the unsaved work back", (s) => s.recovery === true);

  await back.page.close();

  // 9. Play together: a room on the signalling server (`ladderkit
  //    room-server`), its host here, a guest and a spectator each in a
  //    browser context of their own (their own storage: other people), a
  //    bot in the third seat. Everyone rolls with Space; the guest's page
  //    closes mid-game and the bot covers its seat after the grace; the
  //    pages left end with the same game, which `ladderkit replay` replays
  //    from the host's export.
  const signalling = spawn(cli, ["room-server", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const meet = await new Promise((found, failed) => {
    let said = "";
    signalling.stdout.on("data", (d) => {
      said += d;
      const at = /rooms meet at (ws:\/\/[^/\s]+)\//.exec(said);
      if (at) found(at[1]);
    });
    signalling.on("exit", (code) => failed(new Error(`ladderkit room-server ended (${code}): ${said}`)));
  });
  ok(`the signalling server runs (${meet})`);
  const others = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--use-angle=swiftshader"] });
  try {
    const hostLink = JSON.parse(ladderkit("share", variant("milton-bradley.ron"), "--base", `${base}&server=${meet}`, "--json"));
    const host = await open(hostLink.url);
    await until(host, "the host's page opens the board", (s) => s.hash === hostLink.hash && s.targets["menu:Play"]);
    await click(host, "menu:Play");
    await until(host, "the Play menu offers Play together", (s) => s.targets["menu:Play:together"]);
    await click(host, "menu:Play:together");
    await until(host, "the window offers three seats", (s) => s.targets["room:seats:3"]);
    await click(host, "room:seats:3");
    await until(host, "…and a room for three", (s) => s.targets["room:open"]);
    await click(host, "room:open");
    const opened = await until(host, "the room opens and gives its link", (s) => s.room?.link && s.targets["room:sit:1"]);
    const link = opened.room.link;
    check(link.includes(`?room=${meet}/lk-`) && link.includes("&seats=3#lk2."), "the room link carries the server, the room and the board", link);
    const reporting = (l) => l.replace("#", "&report#");
    const guestContext = await others.newContext({ viewport: { width: 1000, height: 700 } });
    const guest = await open(reporting(link), guestContext);
    const watcher = await open(reporting(link), await others.newContext({ viewport: { width: 1000, height: 700 } }));
    for (const [page, who] of [[guest, "the guest"], [watcher, "the spectator"]]) {
      await until(page, `${who}'s page opens the room's board and is welcomed`, (s) =>
        s.hash === hostLink.hash && s.room?.seats?.length === 3 && s.mode === "Playtest");
    }
    await click(host, "room:sit:1");
    await click(host, "room:seat:3");
    await until(host, "the host's seat list offers bots", (s) => s.targets["room:seat:3:bot: greedy"]);
    await click(host, "room:seat:3:bot: greedy");
    await until(guest, "the guest sees seat 1 taken and seat 2 free", (s) => s.room.seats[0].kind === "person" && s.targets["room:sit:2"]);
    await click(guest, "room:sit:2");
    await until(host, "three seats taken: two people and a bot", (s) =>
      s.room.seats.every((seat) => seat.kind !== "empty") && s.targets["room:start"]);
    for (const page of [host, guest]) {
      await click(page, "play:speed", (t) => ({ x: t.rect[0] + (t.rect[2] - t.rect[0]) * 0.6, y: t.y }));
    }
    await click(host, "room:start");
    await until(watcher, "the game begins on the spectator's page", (s) => s.room.turns !== null);
    // People roll when it is their turn, each on their own page.
    const play = async (players, what, done) => {
      const deadline = Date.now() + 4 * WAIT;
      while (!done()) {
        if (Date.now() > deadline) {
          const seen = players.map((p) => JSON.stringify({ frame: p.line.frame, room: { ...p.state.room, link: undefined }, errors: p.errors }));
          throw new Error(`timed out: ${what}\n${seen.join("\n")}`);
        }
        for (const p of players) if (p.state.room?.my_turn) await p.page.keyboard.press("Space");
        await new Promise((r) => setTimeout(r, 40));
      }
      ok(what);
    };
    await play([host, guest], "the two people and the bot play six turns", () => host.state.room.turns >= 6);
    await until(guest, "the guest's page is at the host's turn", (s) => s.room.turns >= 6);
    const guestReconnections = guest.state.room.reconnections;
    await guestContext.close();
    ok("the guest's page closed mid-game");
    await play([host], "the host plays on; the guest's seat waits for them, then a bot covers it", () =>
      host.state.room.seats[1].covered === true);
    await play([host], "the game goes on to its end", () => host.state.room.over === true);
    const ended = await until(host, "the host records the game", (s) => s.room.games.length === 1);
    await until(watcher, "the spectator's page ends with the host's game", (s) =>
      JSON.stringify(s.room.games) === JSON.stringify(ended.room.games));
    check(ended.room.notes.length === 0, "nothing any page sent was refused", ended.room.notes);
    const seen = watcher.state.room;
    console.log(`    room: ${ended.room.turns} turns; the host read ${ended.room.messages[0]} and sent ${ended.room.messages[1]} messages, the spectator read ${seen.messages[0]}; the guest connected again ${guestReconnections} time${guestReconnections === 1 ? "" : "s"} before it closed`);
    const [record] = await Promise.all([host.page.waitForEvent("download"), click(host, "room:export")]);
    await record.saveAs(join(out, "room-games.json"));
    const replayed = ladderkit("replay", join(out, "room-games.json"), "--variant", variant("milton-bradley.ron"), "--game", "1");
    check(replayed.includes("every event matches the log"), "`ladderkit replay` replays the room's exported game");
    await host.page.close();
    await watcher.page.close();
  } finally {
    await others.close();
    signalling.kill();
  }

  // 10. The page against the native editor, on the same boards and the same
  //    code. Figures only (speed goals are not asserted in tests); what is
  //    checked is that both computed the same thing.
  const native = join(dirname(cli), "ladderkit-editor");
  const benched = await open(base.replace("?report", "?bench"));
  await waitFor(benched, "the page times the exact analysis (?bench)", () => benched.bench);
  await benched.page.close();
  const nativeBench = JSON.parse(execFileSync(native, ["--bench"], { encoding: "utf8" }));
  const analyzeRatio = {};
  for (const inPage of benched.bench.analyze) {
    const there = nativeBench.analyze.find((b) => b.board === inPage.board);
    check(there && Math.abs(inPage.expected_rolls - there.expected_rolls) <= 1e-9 * there.expected_rolls,
      `the page's analysis of ${inPage.board} gives the native expected rolls`, { page: inPage, native: there });
    analyzeRatio[inPage.board] = { page_ms: inPage.ms, native_ms: there.ms, ratio: inPage.ms / there.ms };
    console.log(`    analyze ${inPage.board}: ${inPage.ms.toFixed(2)} ms in the page, ${there.ms.toFixed(2)} ms native (${(inPage.ms / there.ms).toFixed(2)}×)`);
  }
  const [simPage, simNative] = [benched.bench.simulate, nativeBench.simulate];
  check(simPage && simNative && JSON.stringify(simPage.seat_wins) === JSON.stringify(simNative.seat_wins),
    "the page's simulation plays the native games, seed for seed (the same wins per seat)", { page: simPage, native: simNative });
  analyzeRatio.simulate = { page_ms: simPage.ms, native_ms: simNative.ms, ratio: simPage.ms / simNative.ms };
  console.log(`    simulate ${simPage.board}, ${simPage.games} games: ${simPage.ms.toFixed(2)} ms in the page, ${simNative.ms.toFixed(2)} ms native (${(simPage.ms / simNative.ms).toFixed(2)}×)`);

  // The interface's own CPU time a frame (egui's layout and the board's
  // shapes; not the rasteriser's), page and native, once the board shows.
  const grid = join(out, "grid-60x60.ron");
  ladderkit("new", "--grid", "60x60", "--ladders", "60", "--snakes", "60", "--force", "-o", grid);
  const uiMs = {};
  for (const [board, file] of [["milton-bradley", variant("milton-bradley.ron")], ["60x60", grid]]) {
    const page = await open(share(file).url);
    const from = await waitFor(page, `the page draws ${board}`, () => page.state?.spaces.length > 0 && page.line);
    const to = await waitFor(page, `30 more frames of ${board}`, () => page.line.frame >= from.frame + 30 && page.line);
    await page.page.close();
    const report = join(out, `native-${board}.jsonl`);
    execFileSync("xvfb-run", ["-a", "-s", "-screen 0 1600x1000x24", native, file, "--report", report,
      "--screenshot", join(out, `native-${board}.png`), "--frames", "90"], { stdio: "ignore" });
    const lines = readFileSync(report, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const first = lines.find((l) => l.state.spaces.length > 0);
    const last = lines.at(-1);
    check(first && last.frame >= first.frame + 30, `the native editor drew ${board} for 30 frames`, lines.length);
    uiMs[board] = { page: framesBetween(from, to), native: framesBetween(first, last) };
    console.log(`    interface on ${board}: ${uiMs[board].page.toFixed(2)} ms a frame in the page, ${uiMs[board].native.toFixed(2)} ms native`);
  }

  // The tuner in a page of its own: the longest frame of background work
  // while it searches (the page's only other job is the opening odds).
  const tuner = await open(share(variant("milton-bradley.ron")).url);
  await waitFor(tuner, "a page for the tuner draws the board", () => tuner.state?.odds.current && tuner.state.targets["tab:Tune"]);
  await click(tuner, "tab:Tune");
  await until(tuner, "the Tune panel offers Run", (s) => s.targets["tune:run"]);
  const before = tuner.line.jobs;
  await click(tuner, "tune:run");
  const tuned = await until(tuner, "the tuner proposes a board", (s) => s.tune.proposal);
  const tuneJobs = tuner.line.jobs;
  await tuner.page.close();
  console.log(`    tuner: ${tuned.tune.proposal.evaluated} candidates; background work ${workLine(tuneJobs)} (before it: ${before.longest_ms.toFixed(2)} ms)`);

  // The largest board (100 × 100, 2,000 jumps; the benches' own, written by
  // the example the tests built): the longest frame of background work
  // while the Odds panel works out its odds and excitement (issue 51: a
  // frame of our code within 16 ms; a measurement, not a check).
  execFileSync(join(dirname(cli), "examples", "bench_boards"), [out], { stdio: "ignore" });
  const biggest = await open(share(join(out, "100x100-2000-jumps.ron")).url);
  const bigOdds = (await waitFor(biggest, "the page works out the odds and excitement of the 100 × 100 board",
    () => biggest.state?.odds.current && biggest.state.odds.lead_changes != null && biggest.state)).odds;
  const bigJobs = biggest.line.jobs;
  await biggest.page.close();
  console.log(`    100 × 100, 2,000 jumps: odds in ${bigOdds.took_ms} ms, ${bigOdds.lead_changes.toFixed(2)} lead changes; background work in ${bigJobs.frames} frames, ${workLine(bigJobs)}`);

  console.log(`first board drawn ${firstBoard.toFixed(2)} s after the page was asked for`);
  console.log(`interface ${timing.ui_ms} ms a frame on average; background work ${workLine(timing.jobs)}`);
  writeFileSync(join(out, "timing.json"), JSON.stringify({
    first_board_s: firstBoard, odds_ms: oddsMs, ui_ms: timing.ui_ms, jobs: timing.jobs,
    analyze: analyzeRatio, interface_ms: uiMs, tuner: { evaluated: tuned.tune.proposal.evaluated, jobs: tuneJobs },
    largest_board: { odds_ms: bigOdds.took_ms, jobs: bigJobs },
  }, null, 1));
  console.log("browser test: opened a link, drew, checked, undid, saved, read the odds, shared, dropped and picked files, exported, play-tested and recovered in Chromium");
} catch (e) {
  failed = true;
  console.error(`FAILED: ${e.message}`);
  if (lastSeen && !lastSeen.page.isClosed()) {
    await lastSeen.page.screenshot({ path: join(out, "failed.png") }).catch(() => {});
    console.error(`the page as it was: ${join(out, "failed.png")}`);
  }
} finally {
  await context.close();
  server.close();
}
process.exit(failed ? 1 : 0);
