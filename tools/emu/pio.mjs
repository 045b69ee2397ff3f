// PIO stepped with the core's cycles and the sound leaving the chip, for runner.mjs (moved out of
// it unchanged).
let mcu = null;
export function pioAttach(m) { mcu = m; }

// ---- PIO in step with the core, and the sound leaving the chip --------------------------------
// rp2040js runs its PIO blocks from host timers (setTimeout, 1000 steps a turn, whatever the
// simulated time): inside one "run" they never stepped, and a DMA waiting on a PIO FIFO waited for
// ever (the PicoPad's CYW43 driver at boot). Here every running state machine gets its share of
// the core's cycles through its clock divider (INT + FRAC/256), delay cycles included.
export const pioState = { on: false }; // some PIO block is running (checked per instruction)
export function setupPIO() {
  for (const pio of mcu.pio) {
    pio.run = () => { pioState.on = true; }; // no host timer: stepPIO does the work
    for (const m of pio.machines) { m.acc = 0; m.pend = 0; }
  }
}

export function stepPIO(cycles) {
  let on = false;
  for (const pio of mcu.pio) {
    if (pio.stopped) continue;
    on = true;
    for (const m of pio.machines) {
      if (!m.enabled) continue;
      const div = (m.clockDivInt || 65536) * 256 + m.clockDivFrac;
      m.acc += cycles * 256;
      while (m.acc >= div) {
        m.acc -= div;
        if (m.pend > 0) { m.pend--; continue; } // a delay cycle
        const before = m.cycles;
        m.step();
        if (m.cycles - before > 1) m.pend = m.cycles - before - 1;
      }
    }
    pio.checkChangedPins();
  }
  pioState.on = on;
}

// audio: what reached the board's sound output since the last "audio" op. PWM: the compare level
// of the pin's slice half as written (by the CPU or DMA); I2S: the words written into the TX FIFO
// of the PIO state machine whose OUT pin is the data pin, and how many it pulled out.
export const audio = { kind: null, gpio: -1, writes: 0, changes: 0, values: new Set(), pulled: 0,
  last: -1 };
function audioValue(v) {
  audio.writes++;
  if (v !== audio.last) audio.changes++;
  audio.last = v;
  if (audio.values.size < 1000) audio.values.add(v);
}
export function setupAudio(cfg) {
  if (!cfg) return;
  audio.kind = cfg.kind;
  audio.gpio = cfg.gpio;
  if (cfg.kind === 'pwm') {
    const ch = mcu.pwm.channels[(cfg.gpio >> 1) & 7];
    const b = cfg.gpio & 1;
    const write = ch.writeRegister.bind(ch);
    ch.writeRegister = (offset, value) => {
      write(offset, value);
      if (offset === 0x0c) audioValue(b ? value >>> 16 : value & 0xffff); // CHn_CC
    };
    return;
  }
  for (const pio of mcu.pio) {
    for (const m of pio.machines) {
      const outBase = () => m.pinCtrl & 0x1f; // PINCTRL_OUT_BASE
      const write = m.writeFIFO.bind(m);
      m.writeFIFO = (value) => {
        if (m.enabled && outBase() === audio.gpio) audioValue(value >>> 0);
        write(value);
      };
      const pull = m.txFIFO.pull.bind(m.txFIFO);
      m.txFIFO.pull = () => {
        if (outBase() === audio.gpio) audio.pulled++;
        return pull();
      };
    }
  }
}

