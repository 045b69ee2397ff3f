# The board's rectangle drawn again with every piece in it composed in each strip before it is
# sent (firmware/views/board.py BoardView.repaint: the pause box's area once it closes, the whole
# board after a wake): loaded for the call and dropped, so that its code (0.5 KB) is not held
# during play, beside the AI's search.
from firmware.views import ui
from firmware.views.paint import Pit, Label


def pen(p, v):
    """BoardView.repaint()'s pen: black, then every piece of view v in its box and in p's strip."""
    p.fill(0, 0, p.w, p.h, 0)
    t = p.turn  # the strip on the screen (direct.Panel.fill's turn, inverted)
    if t == 0 or t == 180:
        sw = p.cw
        sh = p.ch
        sx = p.x0 if t == 0 else p.w - sw - p.x0
        sy = p.y0 if t == 0 else p.h - sh - p.y0
    else:
        sw = p.ch
        sh = p.cw
        sx = p.w - sw - p.y0 if t == 270 else p.y0
        sy = p.x0 if t == 270 else p.h - sh - p.x0
    x, y, w, h = v.box
    x0 = x if x > sx else sx
    y0 = y if y > sy else sy
    x1 = x + w if x + w < sx + sw else sx + sw
    y1 = y + h if y + h < sy + sh else sy + sh
    for t in v.parts:
        k = type(t)
        if k is Pit:
            ax = t.x
            ay = t.y
            aw = t.w
            ah = t.h
        elif k is Label:
            ax = t.at[0]
            ay = t.pos[1]
            aw = t.at[1]
            ah = ui.CH_H
        elif t is not v.frame:  # a grid of pits (Omweso's Layers): those in the box
            t.paint(p, x0, y0, x1, y1)
            continue
        elif t.bar_v != -2:  # the Frame: its bar, when shown
            ax = t.w - t.bar_w - 3
            ay = 2
            aw = t.bar_w
            ah = ui.BAR_H
        else:
            continue
        if ax < x1 and x0 < ax + aw and ay < y1 and y0 < ay + ah:
            if k is Label:
                p.glyphs(ax, ay, t.text, t.color)
            else:
                t.paint(p)
