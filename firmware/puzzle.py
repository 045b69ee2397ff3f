# The session's code for the problems (issue 56), loaded for the call (Session.learn, when
# Session.puzzle) as firmware/lesson.py is for the lessons, whose screens and board they share:
# each function is handed the session `s`, and what it decides the session sets (Session.update).
# A problem (firmware/problems.py) goes: its goal on a text screen; the board, the player to move,
# the goal on its top line ("try"); after each of the player's moves (Session.skip_anim: judge) the
# goal is looked at, and the console defends: on the proof's main line its stored reply, after a
# wrong first move the stored reply that stops it (both at once, no search), off them the AI's hint
# search (level 4's budget). The verdict stays on top of the final board ("met": Solved, "again":
# Not yet); A there tells it in words. The solution is shown as the lessons' example is ("demo").
# Solved problems are bits of Session.learnt above the lessons' (saved with the settings).
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, unload


def load(s):
    import firmware.problems as L
    return L, L.load(s.cfg["game"])[s.lesson]


def drop(s):
    unload("firmware.problems")  # the data go between two uses (~3 KB)


def start(s, i):
    """Problem i of the chosen game: its goal on a text screen, then its board."""
    import firmware.problems as L
    name = s.cfg["game"]
    every = L.load(name)
    if i >= len(every):
        every = None
        drop(s)  # (its data)
        s.leave_game("Every problem done!")  # back to the list (actions.py)
        return
    rec = every[i]
    every = None
    lines = [L.words(rec) + ", whatever the other side plays.",
             "Exactly one first move does it. Difficulty %d of 5." % rec[3]]
    goal = L.words(rec, True)
    rules = L.rules.get(name)
    drop(s)
    from firmware import resume  # the previous game (and its AI's buffers) go
    resume.start(s, name)
    unload("firmware.resume")
    s.update({"goal": goal, "lesson": i, "puzzle": True, "game": games.load(name, rules)})
    L, rec = load(s)
    position(s, L, rec)
    drop(s)
    _text(s, "goal", "Problem %d of %d" % (i + 1, len(L.load(name))), lines)


def position(s, L, rec):
    # the problem's position, its mover the player, nothing played yet
    r = Record(s.game, L.position(s.game, rec))
    s.update({"rec": r, "human": s.game.to_move(r.pos), "undo": TakeBack(), "log": MoveLog(),
              "last": None, "hint": None, "phase": "none", "stage": "try"})
    s.refresh()


def board(s):
    """The problem's board, the player's turn."""
    s.to_board()
    s.begin_turn()


def again(s):
    """The problem's position back, to try again."""
    L, rec = load(s)
    position(s, L, rec)
    drop(s)
    board(s)


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
    answers the player's move, or the player moves again."""
    s.update({"phase": "none"})
    L, rec = load(s)
    line = L.line(s.game, rec)
    moves = history(s)
    if s.stage == "demo":  # the solution: its next move, until its end (A: your try)
        if len(moves) < len(line):
            code = _code(s.game, s.rec.pos, line[len(moves)])
            drop(s)
            s.to_board()
            s.play_move(code)
        else:
            drop(s)
            s.update({"goal": "That was the solution"})
            s.to_board()
        return
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
        code = _code(s.game, s.rec.pos, k) if k < 255 else search(s)
        s.to_board()
        s.play_move(code)
        return
    drop(s)
    if v < 0:
        return board(s)
    # the sowing's animation and its code go (they come back at the next move)
    s.update({"anim": None, "stage": "met" if v else "again",
              "goal": "Solved: well done!" if v else "Not yet: this reply stops it" if
              s.last[1] != s.human else "Not yet: goal not met"})
    unload("firmware.trace")
    if v:
        L, rec = load(s)
        s.update({"learnt": s.learnt | L.bit(s.cfg["game"], s.lesson)})
        drop(s)
        s.save()  # the settings' save: a problem is not a game to resume
    s.to_board()


def search(s):
    # off the proof's lines: the AI's hint search (its level 4 budget, ~1.8 s on the chip)
    p = s.ai().player
    code = p.hint(s.rec.pos, s.ai_ms, s.rec.seen) if p is not None else None
    p = None
    s.update({"brain": None})  # its buffers go: the next reply makes them again
    return code if code is not None else s.legal[0][0]


def hint(s):
    """The solution's next move while the player is on its main line."""
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
    from firmware.common import num
    t = s.game.move_str(s.rec.pos, _code(s.game, s.rec.pos, line[len(moves)]))
    s.update({"hint": num(t)})
    s.play.hinted(t, "Hint: " + s.ad.move_words(t), "it solves the problem")


def demo(s):
    """Show solution: the main line played from the problem's start, move by move."""
    L, rec = load(s)
    position(s, L, rec)
    code = _code(s.game, s.rec.pos, L.line(s.game, rec)[0])
    s.update({"goal": "The solution: " + L.words(rec, True), "stage": "demo"})
    drop(s)
    s.to_board()
    s.play_move(code)  # (its end: judge plays the next)


def next(s):
    """A on the board once a sowing has ended: after the solution the player's try, else the
    verdict told in words."""
    s.clear()
    if s.stage == "demo":
        L, rec = load(s)
        s.update({"goal": L.words(rec, True)})
        drop(s)
        return again(s)
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
        return
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


def _text(s, kind, title, lines):  # a page of the lesson's (firmware/screens/text.py)
    from firmware.screens.text import LessonScreen
    s.show(LessonScreen(s, kind, title, lines))
