// The board's QSPI flash chip (a Winbond W25Q16JV, 2 MB) behind the RP2040's SSI, for runner.mjs.
// The boot ROM's flash routines (flash_range_erase/program, flash_do_cmd: what pico-sdk and so
// CircuitPython's nvm and internal_flash.c call) put the SSI in plain SPI mode and select the chip
// by forcing CS low through IO_QSPI's GPIO_QSPI_SS_CTRL OUTOVER; each byte written to SSI DR0
// shifts one byte out and one in. rp2040js has no IO_QSPI (reads 0xFFFFFFFF: the ROM saw every
// operation as "aborted") and its SSI answers 0 to every byte, so flash writes were lost. Here,
// while CS is forced low, the bytes go to this chip; the boot2 stage's own traffic (hardware CS,
// quad mode set-up) keeps rp2040js's answers, which it was written for.
// Timings: typical figures of the W25Q16JV datasheet (tPP 0.4 ms a page, tSE 45 ms a 4 KB
// sector, tBE 120/150 ms a 32/64 KB block, tW 10 ms a status write); the busy bit of status
// register 1 stays set for that simulated time. The array changes when the command is accepted;
// a power cut (cut()) before its end leaves the sector or page as a real cut would.
const SSI_SR = 0x28;
const SSI_TXFLR = 0x20;
const SSI_RXFLR = 0x24;
const SSI_DR0 = 0x60;
const SSI_SSIENR = 0x08;
const SS_CTRL = 0x0c;
const SECTOR = 4096;
const PAGE = 256;
export const SIZE = 2 * 1024 * 1024;
const JEDEC = [0xef, 0x40, 0x15]; // Winbond, W25Q16JV (IQ): capacity 2^21 bytes, as assumed before
const NS = { page: 400e3, sector: 45e6, block32: 120e6, block64: 150e6, status: 10e6 };

export class FlashChip {
  constructor(mcu, uid) {
    this.mcu = mcu;
    this.mem = mcu.flash; // rp2040js maps it for XIP reads: one array, no copy
    this.uid = uid; // 8 bytes
    this.selected = false;
    this.cmd = []; // bytes of the current transaction
    this.wel = false;
    this.busyUntil = 0;
    this.op = null; // the last erase/program: {kind, addr, len, start, end, before, data}
    this.rx = []; // SSI RX FIFO while CS is forced
    this.erases = new Map(); // sector -> erases
    this.programs = new Map(); // sector -> page programs
    this.log = null; // [[kind, addr, start ns, end ns]] while recording
    this.regs = new Uint32Array(12); // IO_QSPI GPIO status/ctrl registers
  }

  now() { return this.mcu.clock.nanos; }

  busy() { return this.now() < this.busyUntil; }

  attach() {
    const mcu = this.mcu;
    const chip = this;
    // IO_QSPI: registers that read back what was written (atomic set/clear/xor work on them)
    mcu.peripherals[0x40018] = {
      readUint32(offset) { return offset < 0x30 ? chip.regs[offset >> 2] : 0; },
      writeUint32(offset, value) {
        if (offset >= 0x30) return;
        chip.regs[offset >> 2] = value;
        if (offset === SS_CTRL) chip.setCs(((value >> 8) & 3) === 2);
      },
      writeUint32Atomic(offset, value, type) {
        const cur = this.readUint32(offset);
        const v = type === 1 ? cur ^ value : type === 2 ? cur | value : type === 3 ? cur & ~value
          : value;
        this.writeUint32(offset, v >>> 0);
      },
    };
    const ssi = mcu.peripherals[0x18000];
    const read = ssi.readUint32.bind(ssi);
    const write = ssi.writeUint32.bind(ssi);
    // an RX FIFO for every byte (rp2040js had none: RXFLR read 0 and the ROM's loops, counting
    // bytes back, ran for ever once IO_QSPI no longer said "aborted"); bytes reach the chip only
    // while CS is forced low, the rest (boot2's, with the SSI's own CS) read back 0 as before
    ssi.readUint32 = (offset) => {
      if (offset === SSI_DR0) return chip.rx.length ? chip.rx.shift() : 0;
      if (offset === SSI_RXFLR) return chip.rx.length;
      if (offset === SSI_TXFLR) return 0; // a byte is shifted as it is written
      if (offset === SSI_SR) return 0x06 | (chip.rx.length ? 0x08 : 0); // TFNF, TFE, RFNE
      return read(offset);
    };
    ssi.writeUint32 = (offset, value) => {
      if (offset === SSI_DR0) {
        const v = chip.selected ? chip.byte(value & 0xff) : 0;
        if (chip.rx.length < 16) chip.rx.push(v);
        return;
      }
      if (offset === SSI_SSIENR) chip.rx = []; // disabling the SSI clears its FIFOs
      write(offset, value);
    };
  }

  setCs(low) {
    if (low === this.selected) return;
    if (!low) this.finish();
    this.selected = low;
    this.cmd = [];
  }

  byte(v) {
    // one byte in while CS is low; the byte shifted out at the same time
    const c = this.cmd;
    c.push(v);
    const op = c[0];
    const i = c.length - 1; // index of this byte
    const addr = () => (c[1] << 16) | (c[2] << 8) | c[3];
    if (this.busy() && op !== 0x05 && op !== 0x35) return 0xff; // ignored while busy
    switch (op) {
      case 0x05: return i ? (this.busy() ? 1 : 0) | (this.wel ? 2 : 0) : 0xff;
      case 0x35: return i ? 0x02 : 0xff; // status 2: QE set (as boot2 leaves it)
      case 0x9f: return i >= 1 && i <= 3 ? JEDEC[i - 1] : 0xff;
      case 0x4b: return i >= 5 && i <= 12 ? this.uid[i - 5] : 0xff; // 4 dummy bytes, 8 of ID
      case 0x03: return i >= 4 ? this.mem[(addr() + i - 4) % SIZE] : 0xff;
      case 0x0b: return i >= 5 ? this.mem[(addr() + i - 5) % SIZE] : 0xff;
      default: return 0xff;
    }
  }

  finish() {
    // CS high: write enable, erase and program take effect now
    const c = this.cmd;
    if (!c.length || this.busy()) return;
    const op = c[0];
    if (op === 0x06) { this.wel = true; return; }
    if (op === 0x04) { this.wel = false; return; }
    const erase = { 0x20: [SECTOR, NS.sector], 0x52: [32768, NS.block32],
      0xd8: [65536, NS.block64] }[op];
    if (op === 0x01 || op === 0x31) {
      if (this.wel) { this.start('status', 0, 0, NS.status, null); this.wel = false; }
      return;
    }
    if (!this.wel || c.length < 4) return;
    const a = ((c[1] << 16) | (c[2] << 8) | c[3]) % SIZE;
    if (erase) {
      const base = a - (a % erase[0]);
      this.start('erase', base, erase[0], erase[1], null);
      this.mem.fill(0xff, base, base + erase[0]);
      for (let s = base; s < base + erase[0]; s += SECTOR) {
        this.erases.set(s / SECTOR, (this.erases.get(s / SECTOR) || 0) + 1);
      }
    } else if (op === 0x02 && c.length > 4) {
      // the bytes wrap within the page; more than 256: the last 256 count (datasheet)
      const data = c.slice(4).slice(-PAGE);
      const page = a - (a % PAGE);
      this.start('program', page, PAGE, NS.page * data.length / PAGE + 8e3, data);
      for (let k = 0; k < data.length; k++) {
        const at = page + ((a + k) % PAGE);
        this.mem[at] &= data[k]; // programming only clears bits
      }
      const s = a / SECTOR | 0;
      this.programs.set(s, (this.programs.get(s) || 0) + 1);
      this.op.from = a % PAGE;
      this.logProgram(a % PAGE, data);
    }
    this.wel = false;
  }

  start(kind, addr, len, ns, data) {
    const t = this.now();
    this.busyUntil = t + ns;
    this.op = { kind, addr, len, start: t, end: t + ns, data,
      before: kind === 'status' ? null : this.mem.slice(addr, addr + len) };
    if (this.log) this.log.push([kind, addr, len, t, t + ns]);
  }

  logProgram(from, data) {
    // a program's entry also carries where in the page it starts and its bytes (a power cut at
    // any instant can so be worked out from the log: tools/emu/cuts.py)
    if (this.log) this.log[this.log.length - 1].push(from, Buffer.from(data).toString('base64'));
  }

  cut(mode, rand) {
    // the power goes now: an erase or program still running is left part done. mode for an
    // erase: 'random' (random bits), 'half' (the old bits, some set), 'zero' (all 0: some parts
    // program the sector to 0 before erasing it); a program has its first bytes programmed in
    // proportion to the time it ran, and some bits of the next one. What was cut, or null.
    const o = this.op;
    const t = this.now();
    if (!o || t >= o.end || o.kind === 'status') return null;
    const frac = (t - o.start) / (o.end - o.start);
    const m = this.mem;
    if (o.kind === 'erase') {
      for (let k = 0; k < o.len; k++) {
        const b = o.before[k];
        m[o.addr + k] = mode === 'zero' ? 0 : mode === 'half' ? b | (rand() & 0xff)
          : rand() & 0xff;
      }
    } else {
      const n = o.data.length;
      const done = Math.floor(frac * n);
      for (let k = 0; k < n; k++) {
        const at = o.addr + ((o.from + k) % PAGE);
        const old = o.before[at - o.addr];
        m[at] = k < done ? old & o.data[k] : k === done ? old & (o.data[k] | (rand() & 0xff))
          : old;
      }
    }
    this.busyUntil = 0;
    return { kind: o.kind, addr: o.addr, frac, mode: o.kind === 'erase' ? mode : 'partial' };
  }

  counts() {
    const obj = (m) => Object.fromEntries([...m.entries()].sort((x, y) => x[0] - y[0]));
    return { erases: obj(this.erases), programs: obj(this.programs) };
  }
}
