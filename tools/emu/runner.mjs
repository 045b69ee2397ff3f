// RP2040 emulator runner (rp2040js): boots a UF2 with a filesystem image in flash and obeys JSON
// commands, one per line on stdin, answering one JSON line each on stdout. Driven by
// tools/emu/emu.py (README.md there). Handles the pitfalls of ../../../shared/emu/NOTES.md:
// the USB host NAKs OUT reads while it has nothing to send, BOOTSEL reads released, SPI bytes are
// completed at the bus's bit rate and held while the RX FIFO is full, buttons idle high.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { RP2040, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';

const RAM = 0x20000000;
const RAM_SIZE = 264 * 1024;
const FLASH = 0x10000000;
const SIO_GPIO_HI_IN = 0x008;
const SSPDR = 0x008;
const BYTES_PER_BLOCK = 16; // MicroPython GC block
const CHUNK = 20000; // instructions between heap samples and stop checks

let mcu = null;
let cycleNanos = 8; // 125 MHz until the firmware sets the clocks
let serialOut = []; // device -> host bytes not yet reported
let hostQueue = []; // host -> device bytes not yet read by the firmware
let pendingRead = null; // an OUT endpoint read held until there are bytes (a real host NAKs)
let cdc = null;
const display = { spi: -1, dc: -1, cs: -1, cmd: -1, args: [], x0: 0, x1: 0, y0: 0, y1: 0,
  x: 0, y: 0, hi: -1, fb: new Uint16Array(320 * 320), writes: 0, bytes: 0,
  bbox: [1e9, 1e9, -1, -1], lastPixel: 0 };
const heap = { areas: [], lastScan: -1e18, min: Infinity, minAfterCollect: Infinity,
  last: -1, total: 0, collects: 0, samples: 0 };

function loadUF2(path) {
  const data = readFileSync(path);
  let blocks = 0;
  for (let off = 0; off + 512 <= data.length; off += 512) {
    const magic0 = data.readUInt32LE(off);
    const magic1 = data.readUInt32LE(off + 4);
    if (magic0 !== 0x0a324655 || magic1 !== 0x9e5d5157) continue;
    const flags = data.readUInt32LE(off + 8);
    if (flags & 1) continue; // "not main flash"
    const addr = data.readUInt32LE(off + 12);
    const size = data.readUInt32LE(off + 16);
    if (addr < FLASH || addr + size > FLASH + mcu.flash.length) {
      throw new Error(`${path}: block at 0x${addr.toString(16)} outside flash`);
    }
    mcu.flash.set(data.subarray(off + 32, off + 32 + size), addr - FLASH);
    blocks++;
  }
  if (!blocks) throw new Error(`${path}: no UF2 blocks`);
  return blocks;
}

function pushSerial(buffer) {
  for (const b of buffer) serialOut.push(b);
}

function feedHost() {
  // Answer a held OUT read with queued bytes (at most the size the firmware asked for).
  if (!pendingRead || !hostQueue.length) return;
  const { endpoint, size } = pendingRead;
  pendingRead = null;
  const n = Math.min(size, hostQueue.length);
  mcu.usbCtrl.endpointReadDone(endpoint, Uint8Array.from(hostQueue.splice(0, n)));
}

function setupUSB() {
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = pushSerial;
  const original = mcu.usbCtrl.onEndpointRead;
  mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
    // Only the CDC data OUT endpoint is held; control transfers go to rp2040js as before.
    if (endpoint !== cdc.outEndpoint) return original(endpoint, size);
    pendingRead = { endpoint, size };
    feedHost();
  };
}

function setupBootsel() {
  // CircuitPython reads BOOTSEL through the flash CS line (GPIO_HI_IN bit 1): report released.
  const read = mcu.sio.readUint32.bind(mcu.sio);
  mcu.sio.readUint32 = (offset) => {
    const v = read(offset);
    return offset === SIO_GPIO_HI_IN ? (v | 2) : v;
  };
}

function pixel(v) {
  const d = display;
  if (d.x >= 0 && d.x < 320 && d.y >= 0 && d.y < 320) {
    d.fb[d.y * 320 + d.x] = v;
    d.lastPixel = mcu.clock.nanos;
    const b = d.bbox;
    if (d.x < b[0]) b[0] = d.x;
    if (d.y < b[1]) b[1] = d.y;
    if (d.x > b[2]) b[2] = d.x;
    if (d.y > b[3]) b[3] = d.y;
  }
  d.x++;
  if (d.x > d.x1) {
    d.x = d.x0;
    d.y++;
    if (d.y > d.y1) d.y = d.y0;
  }
}

function displayByte(value, isData) {
  // ST7789 (MIPI DCS): CASET 0x2A, RASET 0x2B, RAMWR 0x2C / RAMWRC 0x3C, RGB565 big-endian.
  const d = display;
  d.bytes++;
  if (!isData) {
    d.cmd = value;
    d.args = [];
    d.hi = -1;
    if (value === 0x2c) { d.x = d.x0; d.y = d.y0; d.writes++; }
    return;
  }
  if (d.cmd === 0x2c || d.cmd === 0x3c) {
    if (d.hi < 0) { d.hi = value; return; }
    pixel((d.hi << 8) | value);
    d.hi = -1;
    return;
  }
  d.args.push(value);
  if (d.args.length === 4 && (d.cmd === 0x2a || d.cmd === 0x2b)) {
    const a = (d.args[0] << 8) | d.args[1];
    const b = (d.args[2] << 8) | d.args[3];
    if (d.cmd === 0x2a) { d.x0 = a; d.x1 = b; } else { d.y0 = a; d.y1 = b; }
  }
}

function setupSPI(index) {
  // Each byte completes after 8 bit times of the bus clock; while the RX FIFO is full the
  // completion waits for the firmware (or its DMA) to read SSPDR, as the real FIFO would stall.
  const spi = mcu.spi[index];
  let held = false;
  const done = mcu.clock.createAlarm(() => {
    if (spi.rxFIFO.full) { held = true; return; }
    spi.completeTransmit(0);
  });
  spi.onTransmit = (value) => {
    if (index === display.spi) {
      const cs = display.cs < 0 ? false : mcu.gpio[display.cs].outputValue;
      if (!cs) displayByte(value & 0xff, mcu.gpio[display.dc].outputValue);
    }
    const hz = spi.clockFrequency || 1e6;
    done.schedule(Math.max(1, Math.round((spi.dataBits * 1e9) / hz)));
  };
  const read = spi.readUint32.bind(spi);
  spi.readUint32 = (offset) => {
    const v = read(offset);
    if (held && offset === SSPDR && !spi.rxFIFO.full) {
      held = false;
      spi.completeTransmit(0);
    }
    return v;
  };
}

// ---- MicroPython GC heap, read from RAM -----------------------------------------------------
// An area (mp_state_mem_area_t) holds: alloc table start, its byte length, [finaliser table],
// pool start, pool end, with pool end - pool start = 64 * table length (4 blocks of 16 bytes per
// table byte). Found by that invariant; free bytes = 16 * the table's 2-bit entries that are 0.
const FREE_IN_BYTE = new Uint8Array(256);
for (let i = 0; i < 256; i++) {
  let n = 0;
  for (let k = 0; k < 8; k += 2) if (((i >> k) & 3) === 0) n++;
  FREE_IN_BYTE[i] = n;
}

function scanAreas() {
  const v = mcu.sramView;
  const found = [];
  const inRam = (p) => p >= RAM && p < RAM + RAM_SIZE;
  for (let i = 0; i + 24 <= RAM_SIZE; i += 4) {
    const atb = v.getUint32(i, true);
    if (!inRam(atb)) continue;
    const len = v.getUint32(i + 4, true);
    if (len < 64 || len > RAM_SIZE / 64) continue;
    for (const k of [8, 12]) {
      const start = v.getUint32(i + k, true);
      const end = v.getUint32(i + k + 4, true);
      if (inRam(start) && end <= RAM + RAM_SIZE && end - start === len * 64 && start >= atb + len) {
        found.push({ atb: atb - RAM, len, start, end });
        break;
      }
    }
  }
  // the same area may be found twice (the struct and a copy); keep distinct tables
  const seen = new Set();
  heap.areas = found.filter((a) => (seen.has(a.atb) ? false : (seen.add(a.atb), true)));
  heap.total = heap.areas.reduce((s, a) => s + (a.end - a.start), 0);
}

function heapFree() {
  if (!heap.areas.length) return -1;
  const ram = mcu.sram;
  let free = 0;
  for (const a of heap.areas) {
    for (let i = a.atb, e = a.atb + a.len; i < e; i++) free += FREE_IN_BYTE[ram[i]];
  }
  return free * BYTES_PER_BLOCK;
}

function sampleHeap() {
  const now = mcu.clock.nanos;
  if (now - heap.lastScan > 200e6 || !heap.areas.length) { // areas may appear (split heap)
    heap.lastScan = now;
    scanAreas();
  }
  const free = heapFree();
  if (free < 0) return;
  heap.samples++;
  if (free < heap.min) heap.min = free;
  // a collection frees many blocks at once: the value after the jump is "after a collect"
  if (heap.last >= 0 && free - heap.last > 2048) {
    heap.collects++;
    if (free < heap.minAfterCollect) heap.minAfterCollect = free;
  }
  heap.last = free;
}

function heapReport() {
  const free = heapFree();
  return { free, total: heap.total, areas: heap.areas.length,
    min_free: heap.min === Infinity ? null : heap.min,
    min_free_after_collect: heap.minAfterCollect === Infinity ? null : heap.minAfterCollect,
    collects: heap.collects, samples: heap.samples };
}

// ---- running --------------------------------------------------------------------------------
function indexOfBytes(hay, needle, from) {
  outer: for (let i = Math.max(0, from); i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function run(ms, until, heapEvery) {
  const { core, clock } = mcu;
  const end = clock.nanos + ms * 1e6;
  const needle = until ? Buffer.from(until, 'latin1') : null;
  let searched = 0;
  while (clock.nanos < end) {
    for (let i = 0; i < CHUNK; i++) {
      if (core.waiting) {
        const wait = clock.nanosToNextAlarm;
        if (wait <= 0) { clock.tick(cycleNanos * 64); i += 64; continue; }
        clock.tick(wait);
        i += wait / cycleNanos;
      } else {
        clock.tick(core.executeInstruction() * cycleNanos);
      }
    }
    if (mcu.clkSys > 1e6) cycleNanos = 1e9 / mcu.clkSys;
    if (heapEvery) sampleHeap();
    if (needle && serialOut.length >= needle.length) {
      if (indexOfBytes(serialOut, needle, searched - needle.length) >= 0) {
        return { hit: true };
      }
      searched = serialOut.length;
    }
  }
  return { hit: false };
}

function frame() {
  const d = display;
  const buf = Buffer.alloc(320 * 320 * 2);
  for (let i = 0; i < d.fb.length; i++) buf.writeUInt16BE(d.fb[i], i * 2);
  return { w: 320, h: 320, rgb565: buf.toString('base64'), bbox: d.bbox, ramwr: d.writes,
    bytes: d.bytes };
}

async function boot(cfg) {
  const { bootromB1 } = await import(pathToFileURL(cfg.bootrom).href);
  mcu = new RP2040();
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(bootromB1);
  let blocks = 0;
  for (const path of cfg.uf2) blocks += loadUF2(path);
  for (const img of cfg.images || []) {
    mcu.flash.set(readFileSync(img.path), img.offset);
  }
  setupUSB();
  setupBootsel();
  if (cfg.display) {
    display.spi = cfg.display.spi;
    display.dc = cfg.display.dc;
    display.cs = cfg.display.cs ?? -1;
  }
  for (const i of [0, 1]) setupSPI(i);
  for (const pin of cfg.high || []) mcu.gpio[pin].setInputValue(true); // no pull-ups modelled
  mcu.core.PC = FLASH; // boot2 at the start of flash, as the bootrom would jump to
  return { blocks };
}

function reply(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

function status(extra) {
  const out = Buffer.from(serialOut);
  serialOut = [];
  return Object.assign({ t_us: Math.round(mcu.clock.nanos / 1000), clk_hz: mcu.clkSys,
    last_pixel_us: Math.round(display.lastPixel / 1000),
    serial: out.toString('base64') }, extra);
}

const commands = {
  boot: async (c) => Object.assign({ ok: true }, await boot(c.config)),
  run: (c) => status(run(c.ms, c.until, c.heap !== false)),
  send: (c) => {
    for (const b of Buffer.from(c.data, 'base64')) hostQueue.push(b);
    feedHost();
    return { ok: true, queued: hostQueue.length };
  },
  pin: (c) => { mcu.gpio[c.gpio].setInputValue(!!c.value); return { ok: true }; },
  frame: () => frame(),
  peek: (c) => ({ data: Buffer.from(mcu.sram.subarray(c.addr - RAM, c.addr - RAM + c.len))
    .toString('base64') }),
  heap: () => heapReport(),
  heap_reset: () => {
    heap.min = Infinity; heap.minAfterCollect = Infinity; heap.collects = 0; heap.samples = 0;
    heap.last = -1;
    return heapReport();
  },
  quit: () => { setImmediate(() => process.exit(0)); return { ok: true }; },
};

const rl = createInterface({ input: process.stdin });
let chain = Promise.resolve();
rl.on('line', (line) => {
  chain = chain.then(async () => {
    let c;
    try {
      c = JSON.parse(line);
      const fn = commands[c.op];
      if (!fn) throw new Error(`unknown op ${c.op}`);
      reply(await fn(c));
    } catch (e) {
      reply({ error: String(e && e.stack || e) });
    }
  });
});
rl.on('close', () => chain.then(() => process.exit(0)));
