// The GC heap read from the emulated chip's RAM, for runner.mjs (moved out of it unchanged).
const RAM = 0x20000000;
const RAM_SIZE = 264 * 1024;
const BYTES_PER_BLOCK = 16; // MicroPython GC block

let mcu = null;
export function heapAttach(m) { mcu = m; }
export const heap = { heads: [], tlsf: 0, lastScan: -1e18, min: Infinity, minAfterCollect: Infinity,
  last: null, collects: 0, samples: 0 };

// ---- the GC heap, read from RAM -------------------------------------------------------------
// gc.mem_free() = 16 x the free 2-bit entries of each GC area's allocation table, plus (split heap,
// CircuitPython 10) the largest block the outer TLSF heap could still give a new area, rounded
// down as tlsf_fit_size() does. An area (mp_state_mem_area_t: next, alloc table start, its length,
// [finaliser/collect tables], pool start, pool end) is found by pool end - pool start = 64 x table
// length; the TLSF control by its null block pointing at itself, its blocks by walking sizes.
const FREE_IN_BYTE = new Uint8Array(256);
for (let i = 0; i < 256; i++) {
  let n = 0;
  for (let k = 0; k < 8; k += 2) if (((i >> k) & 3) === 0) n++;
  FREE_IN_BYTE[i] = n;
}
const inRam = (p) => p >= RAM && p < RAM + RAM_SIZE;

function areaAt(addr) {
  // the area struct whose "next" word is at addr, or null
  const v = mcu.sramView;
  const o = addr - RAM;
  if (o < 0 || o + 32 > RAM_SIZE) return null;
  const atb = v.getUint32(o + 4, true);
  const len = v.getUint32(o + 8, true);
  if (!inRam(atb) || len < 16 || len > RAM_SIZE / 64) return null;
  for (const k of [12, 16, 20]) {
    const start = v.getUint32(o + k, true);
    const end = v.getUint32(o + k + 4, true);
    if (inRam(start) && end <= RAM + RAM_SIZE && end - start === len * 64 && start >= atb + len) {
      return { addr, next: v.getUint32(o, true), atb: atb - RAM, len, start, end };
    }
  }
  return null;
}

function tlsfWalk(first, onUsed) {
  // [largest free block, the end sentinel] of the TLSF blocks from `first` (header addresses;
  // size word at +4 with bit 0 = free, payload at +8, next header at +4 + size), calling
  // onUsed(payload, end) for each block in use (the payload runs to the next header + 4: the
  // next block's prev_phys_block word is the last of this payload); null if the chain is broken
  const v = mcu.sramView;
  let h = first - RAM;
  let largest = 0;
  for (let n = 0; n < 100000; n++) {
    if (h < 0 || h + 8 > RAM_SIZE) return null;
    const size = v.getUint32(h + 4, true);
    const bytes = size & ~3;
    if (bytes === 0) return n >= 2 ? [largest, h + RAM] : null;
    if (size & 1) { if (bytes > largest) largest = bytes; } else if (onUsed) {
      onUsed(h + 8 + RAM, h + 8 + bytes + RAM);
    }
    h += bytes + 4;
  }
  return null;
}

export function scanHeap() {
  // the TLSF pool (CircuitPython's outer heap), then the GC areas that are not inside it
  const v = mcu.sramView;
  heap.tlsf = 0;
  let poolEnd = 0;
  for (let o = 0; o + 16 <= RAM_SIZE && !heap.tlsf; o += 4) {
    // the control block: its null block at c, then bitmaps and free-list heads, most of which
    // point at the null block while their lists are empty
    const c = RAM + o;
    if (v.getUint32(o + 4, true) !== 0) continue;
    let refs = 0;
    for (let k = o + 16; k < o + 1024 && k + 4 <= RAM_SIZE; k += 4) {
      if (v.getUint32(k, true) === c) refs++;
    }
    if (refs < 64) continue;
    for (let s = c + 16; s < c + 8192 && s + 8 < RAM + RAM_SIZE; s += 4) {
      const w = tlsfWalk(s);
      if (w && w[1] > RAM + RAM_SIZE / 2) { heap.tlsf = s; heap.poolEnd = poolEnd = w[1]; break; }
    }
  }
  heap.heads = [];
  const seen = new Set();
  for (let o = 0; o + 32 <= RAM_SIZE; o += 4) {
    const a = areaAt(RAM + o);
    if (!a || seen.has(a.atb) || (heap.tlsf && a.addr >= heap.tlsf && a.addr < poolEnd)) continue;
    seen.add(a.atb);
    heap.heads.push(a.addr);
  }
}

function fitSize(size) {
  // tlsf_fit_size() with 16 second-level lists: what one new allocation can surely get
  if (size <= 0) return 0;
  const interval = 2 ** Math.floor(Math.log2(size)) / 16;
  return size - (size % interval);
}

export function heapNow() {
  // {areaFree, areaTotal, areas, outer, free} or null before the heap exists
  if (!heap.heads.length) return null;
  const ram = mcu.sram;
  const r = { areaFree: 0, areaTotal: 0, areas: 0, outer: 0, free: 0 };
  const count = (a) => {
    let f = 0;
    for (let i = a.atb, e = a.atb + a.len; i < e; i++) f += FREE_IN_BYTE[ram[i]];
    r.areaFree += f * BYTES_PER_BLOCK;
    r.areaTotal += a.end - a.start;
    r.areas++;
  };
  for (const addr of heap.heads) {
    const a = areaAt(addr);
    if (a) count(a);
  }
  if (heap.tlsf) {
    const w = tlsfWalk(heap.tlsf, (payload, end) => {
      const a = areaAt(payload);
      if (a && a.end <= end) count(a);
    });
    if (!w || w[1] !== heap.poolEnd) return null; // caught mid-update: skip this sample
    r.outer = fitSize(w[0]);
  }
  r.free = r.areaFree + r.outer;
  return r;
}

