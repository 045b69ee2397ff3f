# The simulator's key map (F1 or ?, boards/desktop.py): a picture of the device's buttons, each
# marked with the keyboard key that presses it, and the list of keys, drawn over the screen.
# Everything it says comes from boards/keymap.py. Desktop only (pygame).
import pygame

from boards import keymap
from boards.keymap import label

INK = (255, 255, 255)
DIM = (150, 160, 180)
KEY = (255, 214, 64)  # a keyboard key's name: the colour the eye looks for
BODY = (52, 58, 84)
CAP = (24, 26, 36)


def keys_of(button):
    """The labels of the keys that press a button ("a" -> ["Z", "Enter", "Space"])."""
    for b, keys, _, _ in keymap.MAP:
        if b == button:
            return [label(k) for k in keys]
    return []


def rows():
    """The list under the picture: (keys, the device's button, what it does)."""
    out = [("arrows", "D-pad", "move; held, they repeat")]
    for button, keys, name, does in keymap.MAP[4:]:
        out.append((", ".join(label(k) for k in keys), name, does))
    out.append((", ".join(label(k) for k in keymap.HELP_KEYS), "", "this key map"))
    out.append((label(keymap.QUIT_KEY), "", "quit"))
    return out


def _text(surf, font, text, colour, centre=None, topleft=None):
    img = font.render(text, True, colour)
    r = img.get_rect()
    if centre is not None:
        r.center = centre
    else:
        r.topleft = topleft
    surf.blit(img, r)
    return r


def picture(size):
    """The key map as a surface of this size (the window's), its see-through backdrop included."""
    w, h = size
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, 225))
    if not pygame.font.get_init():
        pygame.font.init()
    u = max(5, min(w // 48, h // 40))  # the unit everything is sized by
    big = pygame.font.Font(None, 3 * u)
    small = pygame.font.Font(None, 2 * u)
    _text(s, big, "Keys  (any key closes this)", INK, centre=(w // 2, 2 * u))
    # the device: a D-pad on the left, A B X Y on the right, Start and Select between
    dev = pygame.Rect(0, 0, min(w - 2 * u, 40 * u), 16 * u)
    dev.midtop = (w // 2, 4 * u)
    pygame.draw.rect(s, BODY, dev, border_radius=3 * u)
    cx, cy = dev.x + 8 * u, dev.y + 7 * u
    arm = 2 * u
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):  # the D-pad: an arrow on each arm
        r = pygame.Rect(0, 0, 2 * arm, 2 * arm)
        r.center = (cx + dx * 2 * arm, cy + dy * 2 * arm)
        pygame.draw.rect(s, CAP, r)
        tip = (r.centerx + dx * u, r.centery + dy * u)
        side = (dy * u, dx * u)
        base = (r.centerx - dx * u // 2, r.centery - dy * u // 2)
        pygame.draw.polygon(s, KEY, (tip, (base[0] + side[0], base[1] + side[1]),
                                     (base[0] - side[0], base[1] - side[1])))
    centre = pygame.Rect(0, 0, 2 * arm, 2 * arm)
    centre.center = (cx, cy)
    pygame.draw.rect(s, CAP, centre)
    _text(s, small, "arrow keys", KEY, centre=(cx, dev.bottom - u))
    bx, by = dev.right - 8 * u, dev.y + 7 * u
    for dx, dy, button in ((0, -1, "x"), (-1, 0, "y"), (1, 0, "a"), (0, 1, "b")):
        c = (bx + dx * 3 * u, by + dy * 3 * u)
        pygame.draw.circle(s, CAP, c, int(1.6 * u))
        _text(s, big, keys_of(button)[0], KEY, centre=c)
        _text(s, small, button.upper(), DIM, centre=(c[0] + 2 * u, c[1] - int(1.5 * u)))
    for i, button in enumerate(("select", "start")):
        c = (dev.centerx + (2 * i - 1) * 3 * u, dev.bottom - 3 * u)
        r = pygame.Rect(0, 0, 5 * u, 2 * u)
        r.center = c
        pygame.draw.rect(s, CAP, r, border_radius=u)
        _text(s, small, keys_of(button)[0], KEY, centre=c)
        _text(s, small, button.capitalize(), DIM, centre=(c[0], c[1] - 2 * u))
    # the list: keys, the device's button, what it does
    y = dev.bottom + u
    x0, x1, x2 = dev.x, dev.x + 17 * u, dev.x + 24 * u
    for keys, name, does in rows():
        if y + 2 * u > h:
            break  # a small window: the picture says the most
        _text(s, small, keys, KEY, topleft=(x0, y))
        _text(s, small, name, DIM, topleft=(x1, y))
        _text(s, small, does, INK, topleft=(x2, y))
        y += u * 17 // 10
    return s
