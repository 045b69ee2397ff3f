# The problems on the console (issue 56), for the session (firmware/session.py: Session.learn, when
# Session.puzzle), loaded for the call and dropped as firmware/lesson.py is for the lessons, whose
# screens, board and verbs' answers (lesson.py's head: match, stage, goal, bit, then) they share.
# A problem (firmware/problems.py, its data in firmware/games/<game>/problems.py) goes: its goal on
# a text screen; the board, the player to move, the goal on its top line ("try"); after each of the
# player's moves (Session.skip_anim: judge) the goal is looked at, and the console defends: on the
# proof's main line its stored reply, after a wrong first move the stored reply that stops it (both
# at once, no search), off them the AI's hint search (level 4's budget). The verdict stays on top
# of the final board ("met": Solved, "again": Not yet); A there tells it in words. The solution is
# shown as the lessons' example is ("demo"). Solved problems are bits of Session.learnt above the
# lessons' (saved with the settings).
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, unload, num


def load(s, i=None):  # problem i (the one on)
    import firmware.problems as L
    return L, L.load(s.cfg["game"])[s.lesson if i is None else i]


def drop(s):
    # the data go between two uses (~1-2 KB a game)
    unload("firmware.games.%s.problems" % s.cfg["game"])
    unload("firmware.problems")


def start(s, i):
    """Problem i of the chosen game, its game loaded (the last one gone first: Session.learn): its
    goal on a text screen, then its board. None: the last one was done, back to the list on it."""
    import firmware.problems as L
    name = s.cfg["game"]
    every = L.load(name)
    if i >= len(every):
        every = None
        drop(s)  # (its data)
        s.menu("problems", sel=("lesson", i - 1))
        s.say("Every problem done!")
        return
    rec = every[i]
    title = "Problem %d of %d" % (i + 1, len(every))
    every = None
    lines = [L.words(rec) + ", whatever the other side plays.",
             "Exactly one first move does it. Difficulty %d of 5." % rec[3]]
    goal, rules = L.words(rec, True), L.rules(name)
    drop(s)
    from firmware.resume import room  # the game's modules, the other games' gone
    r = room(s, name)
    unload("firmware.resume")
    g = games.load(name, rules)
    L, rec = load(s, i)
    m = position(r, g, L.position(g, rec), i)
    drop(s)
    _text(s, "goal", title, lines)
    return m, "try", goal, 0, None


def position(room, g, pos, i):
    # the match of problem i's position, its mover the player, nothing played yet (room: the
    # game's adapter and play screen)
    r = Record(g, pos)
    return room + (g, r, g.to_move(r.pos), TakeBack(), MoveLog(), None, i, True)


def board(s):
    """The problem's board, the player's turn."""
    s.to_board()
    return None, None, None, 0, "turn"


def again(s, goal=None):
    """The problem's position back, to try again (goal: its words again)."""
    L, rec = load(s)
    m = position((s.ad, s.play), s.game, L.position(s.game, rec), s.lesson)
    drop(s)
    s.to_board()
    return m, "try", goal, 0, "turn"


def history(s):
    """The moves played since the problem's start, as legal indices (replayed from it)."""
    L, rec = load(s)
    g = s.game
    r = Record(g, L.position(g, rec))
    out = bytearray()
    buf = s.log.buf
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


def result(s, L, rec, moves):
    """What the moves so far did: 1 the goal met, 0 no longer possible, -1 still open."""
    g = s.game
    r = Record(g, L.position(g, rec))
    me = s.human
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


def judge(s):
    """A sowing has ended: the solution shown goes on; else the goal is looked at, the console
    answers the player's move (the index of its reply), or the player moves again."""
    L, rec = load(s)
    line = L.line(s.game, rec)
    moves = history(s)
    if s.stage == "demo":  # the solution: its next move, until its end (A: your try)
        drop(s)
        s.to_board()
        if len(moves) < len(line):
            return None, None, None, 0, line[len(moves)]
        return None, None, "That was the solution", 0, None
    v = result(s, L, rec, moves)
    k = L.reply(s.game, rec, moves[0])
    if v < 0 and moves[0] != line[0] and (len(moves) > 1 or k == 255):
        v = 0  # a wrong first move, answered (or failing at once): the proof says it fails
    if v < 0 and s.game.to_move(s.rec.pos) != s.human:  # the console's reply: the
        if moves == line[:len(moves)] and len(moves) < len(line):  # proof's, else the search's
            k = line[len(moves)]
        elif len(moves) > 1:
            k = 255
        drop(s)
        k = k if k < 255 else search(s)
        s.to_board()
        return None, None, None, 0, k
    drop(s)
    if v < 0:
        return board(s)
    goal = "Solved: well done!" if v else "Not yet: this reply stops it" if \
        s.last[1] != s.human else "Not yet: goal not met"
    bit = 0
    if v:  # its bit, saved with the settings: a problem is not a game to resume
        L, rec = load(s)
        bit = L.bit(s.cfg["game"], s.lesson)
        drop(s)
    s.to_board()
    return None, "met" if v else "again", goal, bit, None


def search(s):
    # off the proof's lines: the AI's hint search (its level 4 budget, ~1.8 s on the chip), its
    # buffers made for it and gone after it (a problem keeps no AI: the next reply makes them)
    from firmware.brain import make
    p = make(s).player
    code = p.hint(s.rec.pos, s.ai_ms, s.rec.seen) if p is not None else None
    p = None
    return 0 if code is None else index(s.game, s.rec.pos, code)


def hint(s):
    """The solution's next move while the player is on its main line: its cell (Session.do_hint,
    through firmware/actions.py)."""
    if s.phase != "select":
        s.say("No hint now")
        return
    L, rec = load(s)
    line = L.line(s.game, rec)
    moves = history(s)
    drop(s)
    if moves != line[:len(moves)] or len(moves) >= len(line):
        s.say("Off the solution: start again")
        return
    t = s.game.move_str(s.rec.pos, _code(s.game, s.rec.pos, line[len(moves)]))
    s.play.hinted(t, "Hint: " + s.ad.move_words(t), "it solves the problem")
    return num(t)


def demo(s):
    """Show solution: the main line played from the problem's start, move by move."""
    L, rec = load(s)
    m = position((s.ad, s.play), s.game, L.position(s.game, rec), s.lesson)
    first = L.line(s.game, rec)[0]
    goal = "The solution: " + L.words(rec, True)
    drop(s)
    s.to_board()
    return m, "demo", goal, 0, first  # (its end: judge plays the next)


def next(s):
    """A on the board once a sowing has ended: after the solution the player's try, else the
    verdict told in words."""
    s.clear()
    if s.stage == "demo":
        L, rec = load(s)
        goal = L.words(rec, True)
        drop(s)
        return again(s, goal)
    L, rec = load(s)
    g = s.game
    moves = history(s)
    pos = L.position(g, rec)
    first = g.move_str(pos, _code(g, pos, moves[0]))
    lines = ["Your goal: " + L.words(rec) + "."]
    if s.stage == "met":
        lines.append("%d defences answered in its proof." % (rec[16] | rec[17] << 8))
        drop(s)
        _text(s, "met", "Solved: well done!", lines)
        return None, None, None, 0, None
    k = L.reply(g, rec, moves[0])
    drop(s)
    if 0 <= k < 255 and len(moves) > 1:
        r = Record(g, pos)
        r.play(_code(g, pos, moves[0]))
        lines.append("After %s the reply %s stops it." % (first, g.move_str(r.pos, moves[1])))
    elif k == 255:
        lines.append("%s cannot do it, whatever comes next." % first)
    else:
        lines.append("The other side found a defence.")
    lines.append("Hint and solution: in the menu.")
    _text(s, "again", "Not yet: try again", lines)
    return None, None, None, 0, None


def _text(s, kind, title, lines):  # a page of the problem's (firmware/screens/text.py)
    from firmware.screens.text import LessonScreen
    s.show(LessonScreen(s, kind, title, lines))
