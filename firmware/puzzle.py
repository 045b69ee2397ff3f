# Methods of the Session (firmware/session.py) for the problems (issue 56), loaded for the call
# (Session.learn, when Session.puzzle) as firmware/lesson.py is for the lessons, whose screens and
# board they share: self is the session. A problem (firmware/problems.py, its data in
# firmware/games/<game>/problems.py) goes: its goal on a text screen; the board, the player to move,
# the goal on its top line ("try"); after each of the player's moves (Session.skip_anim: judge) the
# goal is looked at, and the console defends: on the proof's main line its stored reply, after a
# wrong first move the stored reply that stops it (both at once, no search), off them the AI's hint
# search (level 4's budget). The verdict stays on top of the final board ("met": Solved, "again":
# Not yet); A there tells it in words. The solution is shown as the lessons' example is ("demo").
# Solved problems are bits of Session.learnt above the lessons' (saved with the settings).
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, unload


def load(self):
    import firmware.problems as L
    return L, L.load(self.cfg["game"])[self.lesson]


def drop(self):
    # the data go between two uses (~1-2 KB a game)
    unload("firmware.games.%s.problems" % self.cfg["game"])
    unload("firmware.problems")


def start(self, i):
    """Problem i of the chosen game: its goal on a text screen, then its board."""
    import firmware.problems as L
    name = self.cfg["game"]
    every = L.load(name)
    if i >= len(every):
        every = None
        drop(self)  # (its data)
        self.leave_game("Every problem done!")  # back to the list (actions.py)
        return
    rec = every[i]
    every = None
    lines = [L.words(rec) + ", whatever the other side plays.",
             "Exactly one first move does it. Difficulty %d of 5." % rec[3]]
    self.goal = L.words(rec, True)
    rules = L.rules(name)
    drop(self)
    from firmware import resume  # the previous game (and its AI's buffers) go
    resume.start(self, name)
    unload("firmware.resume")
    self.lesson = i
    self.puzzle = True
    self.game = games.load(name, rules)
    L, rec = load(self)
    position(self, L, rec)
    title = "Problem %d of %d" % (i + 1, len(L.load(name)))  # (before drop(): load() would
    # load the data again after it)
    drop(self)
    _text(self, "goal", title, lines)


def position(self, L, rec):
    # the problem's position, its mover the player, nothing played yet
    self.rec = Record(self.game, L.position(self.game, rec))
    self.human = self.game.to_move(self.rec.pos)
    self.undo = TakeBack()
    self.log = MoveLog()
    self.last = self.hint = None
    self.phase = "none"
    self.stage = "try"
    self._refresh()


def board(self):
    """The problem's board, the player's turn."""
    self.to_board()
    self._begin_turn()


def again(self):
    """The problem's position back, to try again."""
    L, rec = load(self)
    position(self, L, rec)
    drop(self)
    board(self)


def history(self):
    """The moves played since the problem's start, as legal indices (replayed from it)."""
    L, rec = load(self)
    g = self.game
    r = Record(g, L.position(g, rec))
    out = bytearray()
    buf = self.log.buf
    i = 0
    while i < len(buf):
        n = buf[i + 2]
        code = g.parse_move(r.pos, bytes(buf[i + 3:i + 3 + n]).decode())
        out.append(index(g, r.pos, code))
        r.play(code)
        i += 3 + n
    return out


def index(g, pos, code):
    b = [0] * g.MAX_MOVES
    for i in range(g.moves(pos, b)):
        if b[i] == code:
            return i
    return 255


def _code(g, pos, i):
    b = [0] * g.MAX_MOVES
    g.moves(pos, b)
    return b[i]


def result(self, L, rec, moves):
    """What the moves so far did: 1 the goal met, 0 no longer possible, -1 still open."""
    g = self.game
    r = Record(g, L.position(g, rec))
    me = self.human
    gain = 0
    left = rec[2]  # the solver's moves the goal allows
    for k in moves:
        if g.to_move(r.pos) == me:
            left -= 1
        won, got = L.step(g, r, _code(g, r.pos, k), me, rec[0])
        gain += got
        if L.met(rec[0], rec[1], won, gain, me):
            return 1
        if won != -1:
            return 0
    return 0 if left <= 0 else -1


def judge(self):
    """A sowing has ended: the solution shown goes on; else the goal is looked at, the console
    answers the player's move, or the player moves again."""
    self.phase = "none"
    L, rec = load(self)
    line = L.line(self.game, rec)
    moves = history(self)
    if self.stage == "demo":  # the solution: its next move, until its end (A: your try)
        if len(moves) < len(line):
            code = _code(self.game, self.rec.pos, line[len(moves)])
            drop(self)
            self.to_board()
            self.play_move(code)
        else:
            drop(self)
            self.goal = "That was the solution"
            self.to_board()
        return
    v = result(self, L, rec, moves)
    k = L.reply(self.game, rec, moves[0])
    if v < 0 and moves[0] != line[0] and (len(moves) > 1 or k == 255):
        v = 0  # a wrong first move, answered (or failing at once): the proof says it fails
    if v < 0 and self.game.to_move(self.rec.pos) != self.human:  # the console's reply: the
        if moves == line[:len(moves)] and len(moves) < len(line):  # proof's, else the search's
            k = line[len(moves)]
        elif len(moves) > 1:
            k = 255
        drop(self)
        code = _code(self.game, self.rec.pos, k) if k < 255 else search(self)
        self.to_board()
        self.play_move(code)
        return
    drop(self)
    if v < 0:
        return board(self)
    self.anim = None  # the sowing's animation and its code go (they come back at the next move)
    unload("firmware.trace")
    self.stage = "met" if v else "again"
    self.goal = "Solved: well done!" if v else "Not yet: this reply stops it" if \
        self.last[1] != self.human else "Not yet: goal not met"
    if v:
        L, rec = load(self)
        self.learnt |= L.bit(self.cfg["game"], self.lesson)
        drop(self)
        self.save()  # the settings' save: a problem is not a game to resume
    self.to_board()


def search(self):
    # off the proof's lines: the AI's hint search (its level 4 budget, ~1.8 s on the chip)
    b = self._brain()
    p = b.player
    code = p.hint(self.rec.pos, self.ai_ms, self.rec.seen) if p is not None else None
    self.brain = None  # its buffers go: the next reply makes them again
    return code if code is not None else self.legal[0][0]


def hint(self):
    """The solution's next move while the player is on its main line."""
    if self.phase != "select":
        self.say("No hint now")
        return
    L, rec = load(self)
    line = L.line(self.game, rec)
    moves = history(self)
    drop(self)
    if moves != line[:len(moves)] or len(moves) >= len(line):
        self.say("Off the solution: start again")
        return
    from firmware.common import num
    t = self.game.move_str(self.rec.pos, _code(self.game, self.rec.pos, line[len(moves)]))
    self.hint = num(t)
    self.play.hinted(t, "Hint: " + self.ad.move_words(t), "it solves the problem")


def demo(self):
    """Show solution: the main line played from the problem's start, move by move."""
    L, rec = load(self)
    position(self, L, rec)
    code = _code(self.game, self.rec.pos, L.line(self.game, rec)[0])
    self.goal = "The solution: " + L.words(rec, True)
    drop(self)
    self.stage = "demo"
    self.to_board()
    self.play_move(code)  # (its end: judge plays the next)


def next(self):
    """A on the board once a sowing has ended: after the solution the player's try, else the
    verdict told in words."""
    self.clear()
    if self.stage == "demo":
        L, rec = load(self)
        self.goal = L.words(rec, True)
        drop(self)
        return again(self)
    L, rec = load(self)
    g = self.game
    moves = history(self)
    pos = L.position(g, rec)
    first = g.move_str(pos, _code(g, pos, moves[0]))
    lines = ["Your goal: " + L.words(rec) + "."]
    if self.stage == "met":
        lines.append("%d defences answered in its proof." % (rec[16] | rec[17] << 8))
        drop(self)
        _text(self, "met", "Solved: well done!", lines)
        return
    k = L.reply(g, rec, moves[0])
    drop(self)
    if 0 <= k < 255 and len(moves) > 1:
        r = Record(g, pos)
        r.play(_code(g, pos, moves[0]))
        lines.append("After %s the reply %s stops it." % (first, g.move_str(r.pos, moves[1])))
    elif k == 255:
        lines.append("%s cannot do it, whatever comes next." % first)
    else:
        lines.append("The other side found a defence.")
    lines.append("Hint and solution: in the menu.")
    _text(self, "again", "Not yet: try again", lines)


def _text(self, kind, title, lines):  # a page of the lesson's (firmware/screens/text.py)
    from firmware.screens.text import LessonScreen
    self.show(LessonScreen(self, kind, title, lines))
