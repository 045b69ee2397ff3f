// RP2040 emulator runner (rp2040js): boots a UF2 with a filesystem image in flash and obeys JSON
// commands, one per line on stdin, answering one JSON line each on stdout. Driven by
// tools/emu/emu.py (README.md there). Handles the pitfalls of ../../../shared/emu/NOTES.md:
// the USB host NAKs OUT reads while it has nothing to send, BOOTSEL reads released, SPI bytes are
// completed at the bus's bit rate and held while the RX FIFO is full, buttons idle high. It adds
// what rp2040js lacks for CircuitPython's deep sleep (common-hal/alarm: XOSC DORMANT until a GPIO
// edge enabled in IO_BANK0's DORMANT_WAKE_INTE, then a watchdog reset): the core stops while the
// oscillator is dormant, a pin's enabled edge wakes it, a watchdog trigger reboots the chip from
// its flash (setupDormant, reboot). Config usb: false boots with no USB host (on battery).
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { RP2040, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';
import { FlashChip, SIZE as FLASH_SIZE } from './flash.mjs';
import { heap, heapAttach, heapNow, scanHeap } from './heap.mjs';
import { audio, pioAttach, pioState, setupAudio, setupPIO, stepPIO } from './pio.mjs';

const RAM = 0x20000000;
const FLASH = 0x10000000;
const SIO_GPIO_HI_IN = 0x008;
const SSPDR = 0x008;
const CHUNK = 20000; // instructions between heap samples and stop checks

let mcu = null;
let flash = null; // the flash chip (flash.mjs): takes the firmware's erases and programs
let busyCycles = 0; // cycles spent executing (not waiting for an interrupt)
const PIO_BATCH = 32; // core cycles a running PIO may lag behind the core (0.26 us at 125 MHz)
let pioDebt = 0; // core cycles not yet given to the PIO
let cycleNanos = 8; // 125 MHz until the firmware sets the clocks
let serialOut = []; // device -> host bytes not yet reported
let hostQueue = []; // host -> device bytes not yet read by the firmware
let pendingRead = null; // an OUT endpoint read held until there are bytes (a real host NAKs)
let cdc = null;
let bootCfg = null; // the boot's config and boot ROM: a watchdog reset boots the chip again
let bootromData = null;
// DORMANT (XOSC or ROSC "coma"): the core stops until a wake edge; ns: time spent so, in all;
// resets: watchdog reboots so far
const dormant = { on: false, since: 0, ns: 0, wakeInte: new Uint32Array(4), resets: 0,
  rebootDue: false };
const display = { spi: -1, dc: -1, cs: -1, cmd: -1, args: [], x0: 0, x1: 0, y0: 0, y1: 0,
  x: 0, y: 0, hi: -1, fb: new Uint16Array(320 * 320), writes: 0, bytes: 0,
  bbox: [1e9, 1e9, -1, -1], lastPixel: 0, span: null, chg: new Uint8Array(320 * 320) };
// spans: one entry per RAMWR that wrote pixels, [start ns, end ns, x0, y0, x1, y1, pixels], for
// the feel benchmark (press -> first and last pixel, how many refreshes a change took; op "spans")
// display.chg counts, per pixel, the writes that changed its colour while spans are recorded: a
// change drawn in one refresh changes a pixel at most once (more: an in-between picture showed)
const spans = { on: false, list: [] };
const SPANS_MAX = 200000;

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

let serialSeen = false;
// lines: the lowest free heap between one console line and the next ({t_us, min_free, line}),
// to find which step of a printed trace the heap's low point fell in (op "lines")
const lines = { on: false, text: [], min: Infinity, out: [] };
function pushSerial(buffer) {
  if (buffer.length) serialSeen = true;
  for (const b of buffer) {
    serialOut.push(b);
    if (!lines.on) continue;
    if (b !== 10) { lines.text.push(b); continue; }
    lines.out.push({ t_us: Math.round(mcu.clock.nanos / 1000),
      min_free: lines.min === Infinity ? null : lines.min,
      line: Buffer.from(lines.text).toString().replace(/\r$/, '') });
    lines.text = [];
    lines.min = Infinity;
  }
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

function setupDormant() {
  // IO_BANK0 DORMANT_WAKE_INTE0..3 (0x160-0x16c): 4 bits a GPIO, as the PROC0 ones (level low,
  // level high, edge low, edge high); rp2040js leaves them unimplemented
  const io = mcu.peripherals[0x40014];
  const ioRead = io.readUint32.bind(io);
  const ioWrite = io.writeUint32.bind(io);
  io.readUint32 = (o) => (o >= 0x160 && o <= 0x16c ? dormant.wakeInte[(o - 0x160) >> 2] : ioRead(o));
  io.writeUint32 = (o, v) => {
    if (o >= 0x160 && o <= 0x16c) dormant.wakeInte[(o - 0x160) >> 2] = v >>> 0;
    else ioWrite(o, v);
  };
  // XOSC DORMANT (0x08) and ROSC DORMANT (0x1c): "coma" stops the clocks, the core with them
  const coma = (base, offset) => {
    const osc = mcu.peripherals[base];
    const write = osc.writeUint32.bind(osc);
    osc.writeUint32 = (o, v) => {
      write(o, v);
      if (o === offset && v >>> 0 === 0x636f6d61) { dormant.on = true; dormant.since = mcu.clock.nanos; }
    };
  };
  coma(0x40024, 0x08);
  coma(0x40060, 0x1c);
  // a watchdog reset (CircuitPython's reset_cpu after the wake) boots the chip again; done
  // between two instructions by run()
  mcu.peripherals[0x40058].onWatchdogTrigger = () => { dormant.rebootDue = true; };
}

function wakeOnEdge(gpio, value) {
  // a dormant chip wakes on an enabled edge or level of this GPIO (bits: 1 level low, 2 level
  // high, 4 edge low, 8 edge high); its oscillator runs again, stable at once
  if (!dormant.on) return;
  const bits = (dormant.wakeInte[gpio >> 3] >>> ((gpio & 7) * 4)) & 0xf;
  if (!(bits & (value ? 0xa : 0x5))) return;
  dormant.on = false;
  dormant.ns += mcu.clock.nanos - dormant.since;
  const xosc = mcu.peripherals[0x40024];
  xosc.isDormant = false;
  if (xosc.enabled) xosc.stable = true;
  xosc.dormant = 0x77616b65; // "wake"
}

function reboot() {
  // The watchdog reset: a new chip from this one's flash (its erase counts kept), the clock and
  // the busy count going on, the watchdog's scratch registers kept (they survive a watchdog
  // reset: CircuitPython reads the wake's cause there), the buttons as they are held, the panel
  // keeping its picture (display is the runner's, not the chip's)
  const cfg = Object.assign({}, bootCfg, { flashData: mcu.flash.slice(0, FLASH_SIZE),
    counts: flash.counts(), uf2: [], images: [] });
  const keep = { nanos: mcu.clock.nanos, scratch: Uint32Array.from(mcu.peripherals[0x40058].scratchData),
    inputs: (cfg.high || []).map((pin) => [pin, mcu.gpio[pin].rawInputValue]) };
  dormant.on = false;
  dormant.rebootDue = false;
  dormant.resets++;
  dormant.wakeInte.fill(0);
  start(cfg, keep);
}

function pixel(v) {
  const d = display;
  if (d.x >= 0 && d.x < 320 && d.y >= 0 && d.y < 320) {
    const i = d.y * 320 + d.x;
    if (spans.on && d.fb[i] !== v && d.chg[i] < 255) d.chg[i]++;
    d.fb[i] = v;
    d.lastPixel = mcu.clock.nanos;
    if (d.span) {
      if (!d.span[6]++) d.span[0] = d.lastPixel;
      d.span[1] = d.lastPixel;
    }
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
    d.span = null;
    if (value === 0x2c) {
      d.x = d.x0; d.y = d.y0; d.writes++;
      if (spans.on && spans.list.length < SPANS_MAX) {
        d.span = [0, 0, d.x0, d.y0, d.x1, d.y1, 0];
        spans.list.push(d.span);
      }
    }
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
  // Each byte completes after 8 bit times of the bus clock. While RX DMA is on and the RX FIFO
  // is full, the completion waits for the DMA to read SSPDR (rp2040js would drop the byte, and
  // CircuitPython's busio.SPI waits for every RX byte). Without RX DMA a full RX FIFO overruns as
  // on the chip (pico-sdk's spi_write_blocking reads RX only after writing everything).
  const spi = mcu.spi[index];
  let held = false;
  const RXDMAE = 1;
  const mustHold = () => spi.rxFIFO.full && (spi.dmaControl & RXDMAE) !== 0;
  const done = mcu.clock.createAlarm(() => {
    if (mustHold()) { held = true; return; }
    spi.completeTransmit(0);
  });
  const release = () => {
    if (held && !mustHold()) {
      held = false;
      spi.completeTransmit(0);
    }
  };
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
    if (offset === SSPDR) release();
    return v;
  };
  const write = spi.writeUint32.bind(spi);
  spi.writeUint32 = (offset, value) => {
    write(offset, value);
    release(); // e.g. RX DMA switched off while a byte waited
  };
}

function sampleHeap() {
  const now = mcu.clock.nanos;
  if ((!heap.heads.length || !heap.tlsf) && now - heap.lastScan > 250e6) {
    heap.lastScan = now;
    scanHeap();
  }
  const h = heapNow();
  // before the firmware has printed anything its heap may not be set up: RAM holds leftovers
  if (!h || !serialSeen) return;
  heap.samples++;
  // a value seen in one sample only (an area being set up, tables not yet cleared) is not a
  // low point: count the larger of two consecutive samples
  const low = heap.last ? Math.max(h.free, heap.last.free) : Infinity;
  if (low < heap.min) { heap.min = low; heap.minAt = now; heap.minDetail = h; }
  if (lines.on && low < lines.min) lines.min = low;
  // a collection frees many blocks at once: that value is "after a collect"
  if (heap.last && h.free - heap.last.free > 2048) {
    heap.collects++;
    if (h.free < heap.minAfterCollect) heap.minAfterCollect = h.free;
  }
  heap.last = h;
}

function heapReport() {
  const h = heapNow() || { free: null, areaFree: null, areaTotal: null, outer: null };
  return { free: h.free, gc_areas_free: h.areaFree, gc_areas_total: h.areaTotal, gc_areas: h.areas,
    outer_fit: h.outer, min_free: heap.min === Infinity ? null : heap.min,
    min_at_us: Math.round(heap.minAt / 1000), min_detail: heap.minDetail,
    min_free_after_collect: heap.minAfterCollect === Infinity ? null : heap.minAfterCollect,
    collects: heap.collects, samples: heap.samples, tlsf: heap.tlsf, heads: heap.heads };
}

// ---- running --------------------------------------------------------------------------------
function indexOfBytes(hay, needle, from) {
  outer: for (let i = Math.max(0, from); i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function run(ms, until, heapEvery, untilNs) {
  // untilNs: stop at that simulated instant (to the instruction: a power cut's moment)
  const { core, clock } = mcu;
  const exact = untilNs !== undefined && untilNs !== null;
  const end = exact ? untilNs : clock.nanos + ms * 1e6;
  const needle = until ? Buffer.from(until, 'latin1') : null;
  let searched = 0;
  while (clock.nanos < end) {
    for (let i = 0; i < CHUNK && !(exact && clock.nanos >= end); i++) {
      if (dormant.rebootDue) return Object.assign(reboot() || {}, run(Math.max(0, (end - mcu.clock.nanos) / 1e6), until, heapEvery, untilNs));
      if (dormant.on) { // no clock runs: the time passes, nothing executes
        clock.tick(Math.max(cycleNanos, end - clock.nanos));
        break;
      }
      if (core.waiting && (core.pendingInterrupts & core.enabledInterrupts)) {
        // WFI exits while an enabled interrupt is pending, even one that became pending before
        // the WFI (with interrupts masked, as CircuitPython's idle does); rp2040js only wakes on
        // a new one, and the chip slept for ever
        core.waiting = false;
      }
      if (core.waiting) {
        let wait = clock.nanosToNextAlarm;
        if (wait <= 0) wait = cycleNanos * 64;
        if (exact && wait > end - clock.nanos) wait = Math.max(cycleNanos, end - clock.nanos);
        // a running PIO advances in small steps: its FIFOs feed DMA, whose interrupts wake the core
        if (pioState.on && wait > cycleNanos * 256) wait = cycleNanos * 256;
        clock.tick(wait);
        i += wait / cycleNanos;
        if (pioState.on) { stepPIO(Math.round(wait / cycleNanos) + pioDebt); pioDebt = 0; }
      } else {
        const c = core.executeInstruction();
        busyCycles += c;
        clock.tick(c * cycleNanos);
        // a running PIO (the I2S sound of the uGame22 and the Sprig) steps every PIO_BATCH core
        // cycles, not after each instruction: a third of the Sprig's emulation time went there
        if (pioState.on && (pioDebt += c) >= PIO_BATCH) { stepPIO(pioDebt); pioDebt = 0; }
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
  // the B1 boot ROM: rp2040js's JavaScript copy (.mjs), or the 16 KB binary of Raspberry Pi's
  // pico-bootrom release (any other name)
  bootromData = cfg.bootrom.endsWith('.mjs')
    ? (await import(pathToFileURL(cfg.bootrom).href)).bootromB1
    : new Uint32Array(Uint8Array.from(readFileSync(cfg.bootrom)).buffer);
  bootCfg = cfg;
  return start(cfg, null);
}

function start(cfg, keep) {
  // keep (a watchdog reset, reboot()): the clock's time, the watchdog's scratch, the inputs
  // (a new clock of rp2040js's kind, not exported: the old chip's clock's class)
  const clock = keep ? new mcu.clock.constructor() : undefined;
  if (keep) clock.nanosCounter = keep.nanos;
  mcu = new RP2040(clock);
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(bootromData);
  heapAttach(mcu);
  pioAttach(mcu);
  let blocks = 0;
  if (cfg.flashData) { // the flash a watchdog reset left
    mcu.flash.set(cfg.flashData);
  } else if (cfg.flash) { // a whole flash as a chip left it (chip.flash_image()): boots from what it holds
    mcu.flash.set(readFileSync(cfg.flash).subarray(0, FLASH_SIZE));
  } else {
    for (const path of cfg.uf2) blocks += loadUF2(path);
    for (const img of cfg.images || []) {
      mcu.flash.set(readFileSync(img.path), img.offset);
    }
  }
  flash = new FlashChip(mcu, Uint8Array.from(cfg.uid || [0xe6, 0x60, 0x58, 0x38, 0x83, 0x4d,
    0x2b, 0x2a]));
  for (const [k, v] of Object.entries((cfg.counts || {}).erases || {})) flash.erases.set(+k, v);
  for (const [k, v] of Object.entries((cfg.counts || {}).programs || {})) flash.programs.set(+k, v);
  flash.attach();
  if (cfg.usb !== false) setupUSB(); // (false: no host, as on battery: CircuitPython really sleeps)
  setupBootsel();
  setupDormant();
  setupPIO();
  setupAudio(cfg.audio);
  if (cfg.display) {
    display.spi = cfg.display.spi;
    display.dc = cfg.display.dc;
    display.cs = cfg.display.cs ?? -1;
  }
  for (const i of [0, 1]) setupSPI(i);
  for (const pin of cfg.high || []) mcu.gpio[pin].setInputValue(true); // no pull-ups modelled
  // the ADC inputs (12 bits of 3.3 V; rp2040js reads 0 V: an empty battery): cfg.adc, then
  // what the op "adc" set since
  (cfg.adc || []).forEach((v, i) => { mcu.adc.channelValues[i] = v; });
  if (keep) {
    for (const [pin, value] of keep.inputs) mcu.gpio[pin].setInputValue(value);
    mcu.peripherals[0x40058].scratchData.set(keep.scratch);
    mcu.peripherals[0x40058].reason = 1; // TIMER
  }
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
    last_pixel_us: Math.round(display.lastPixel / 1000), busy_cycles: busyCycles,
    dormant: dormant.on, dormant_us: Math.round((dormant.ns + (dormant.on ? mcu.clock.nanos -
      dormant.since : 0)) / 1000), resets: dormant.resets,
    serial: out.toString('base64') }, extra);
}

const commands = {
  boot: async (c) => Object.assign({ ok: true }, await boot(c.config)),
  run: (c) => status(run(c.ms, c.until, c.heap !== false, c.until_ns)),
  // the flash chip: its whole content to a file, its erase/program counts per sector, the log of
  // its erases and programs ([kind, addr, len, start ns, end ns]; on: start/stop recording), and a
  // power cut now (an erase or program still running left part done; flash.mjs)
  flash_save: (c) => { writeFileSync(c.path, mcu.flash.subarray(0, FLASH_SIZE)); return { ok: true,
    size: FLASH_SIZE }; },
  flash_counts: () => flash.counts(),
  flash_log: (c) => {
    const out = flash.log || [];
    if (c.on !== undefined) flash.log = c.on ? [] : null; else if (flash.log) flash.log = [];
    return { log: out, now_ns: mcu.clock.nanos, busy: flash.busy() };
  },
  cut: (c) => {
    let s = (c.seed >>> 0) || 1; // xorshift32: the same cut for the same seed
    const rand = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
    return { cut: flash.cut(c.mode || 'random', rand), now_ns: mcu.clock.nanos };
  },
  send: (c) => {
    for (const b of Buffer.from(c.data, 'base64')) hostQueue.push(b);
    feedHost();
    return { ok: true, queued: hostQueue.length };
  },
  lines: (c) => { // start (on), stop (off) or just collect the per-line heap lows
    if (c.on !== undefined) { lines.on = !!c.on; lines.text = []; lines.min = Infinity; }
    const out = lines.out;
    lines.out = [];
    return { lines: out };
  },
  spans: (c) => { // RAMWR spans since the last call (on: start/stop recording), times in us;
    // a RAMWR still being written stays for the next call
    if (c.on !== undefined) { spans.on = !!c.on; spans.list = []; display.span = null; }
    // no command follows a refresh's last RAMWR: once it has written nothing for 2 ms it is
    // done (else a one-area refresh, a digit, would never be reported)
    if (display.span && display.span[6] > 0 && mcu.clock.nanos - display.span[1] > 2e6) {
      display.span = null;
    }
    const open = display.span;
    const done = spans.list.filter((x) => x !== open && x[6] > 0);
    spans.list = open && spans.list.includes(open) ? [open] : [];
    const chg = display.chg;
    let changed = 0, again = 0;
    for (let i = 0; i < chg.length; i++) {
      if (chg[i]) { changed++; if (chg[i] > 1) again++; }
    }
    if (c.reset !== false) chg.fill(0);
    return { changed, again, spans: done.map((x) => [Math.round(x[0] / 1000),
      Math.round(x[1] / 1000), x[2], x[3], x[4], x[5], x[6]]) };
  },
  audio: () => { // the sound output since the last call (setupAudio)
    const r = { kind: audio.kind, gpio: audio.gpio, writes: audio.writes, changes: audio.changes,
      values: [...audio.values].slice(0, 50), distinct: audio.values.size, pulled: audio.pulled,
      pio_running: pioState.on };
    audio.writes = 0; audio.changes = 0; audio.values.clear(); audio.pulled = 0;
    return r;
  },
  pin: (c) => { mcu.gpio[c.gpio].setInputValue(!!c.value); wakeOnEdge(c.gpio, !!c.value);
    return { ok: true }; },
  adc: (c) => { // an ADC input's 12-bit reading from now on (kept by a watchdog reset)
    mcu.adc.channelValues[c.channel] = c.value;
    bootCfg.adc = Array.from(mcu.adc.channelValues.slice(0, 4));
    return { ok: true };
  },
  pwm: (c) => { // a GPIO's PWM output as set: its slice half's compare level, the slice's wrap
    const ch = mcu.pwm.channels[(c.gpio >> 1) & 7]; // (on) and whether the pin is routed to PWM
    return { cc: c.gpio & 1 ? ch.cc >>> 16 : ch.cc & 0xffff, top: ch.top, on: !!(ch.csr & 1),
      routed: mcu.gpio[c.gpio].functionSelect === 4 };
  },
  frame: () => frame(),
  pcs: (c) => { // debug: where the core spends c.ms of simulated time (top PCs)
    const hist = new Map();
    const end = mcu.clock.nanos + c.ms * 1e6;
    let waits = 0;
    while (mcu.clock.nanos < end) {
      if (mcu.core.waiting && (mcu.core.pendingInterrupts & mcu.core.enabledInterrupts)) {
        mcu.core.waiting = false;
      }
      if (mcu.core.waiting) {
        waits++;
        const w = mcu.clock.nanosToNextAlarm;
        mcu.clock.tick(w > 0 ? w : cycleNanos * 64);
      } else {
        const pc = mcu.core.PC;
        hist.set(pc, (hist.get(pc) || 0) + 1);
        mcu.clock.tick(mcu.core.executeInstruction() * cycleNanos);
      }
    }
    const top = [...hist.entries()].sort((a, b) => b[1] - a[1]).slice(0, c.top || 30);
    return { waits, top: top.map(([pc, n]) => [pc.toString(16), n]) };
  },
  peek: (c) => ({ data: Buffer.from(mcu.sram.subarray(c.addr - RAM, c.addr - RAM + c.len))
    .toString('base64') }),
  heap: () => heapReport(),
  clocks: () => ({ clk_sys: mcu.clkSys, clk_peri: mcu.clkPeri,
    spi_hz: mcu.spi.map((x) => x.clockFrequency), display_bytes: display.bytes,
    pc: mcu.core.PC, waiting: mcu.core.waiting, gpio_in: mcu.gpioValues >>> 0,
    timer: (() => { const t = mcu.peripherals[0x40054]; return { raw: t.intRaw, en: t.intEnable,
      armed: t.alarms.map((a) => [a.armed, a.targetMicros, a.clockAlarm.scheduled,
        a.clockAlarm.nanos]) }; })(),
    next_alarm_ns: mcu.clock.nanosToNextAlarm, now_ns: mcu.clock.nanos,
    primask: mcu.core.PRIMASK, pending: mcu.core.pendingInterrupts, enabled: mcu.core.enabledInterrupts }),
  heap_reset: () => {
    heap.min = Infinity; heap.minAfterCollect = Infinity; heap.collects = 0; heap.samples = 0;
    heap.last = null;
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
