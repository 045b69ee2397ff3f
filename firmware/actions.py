# What a player asks for now and then, for the session (firmware/session.py): the positions to take
# back, the hint, the last move to replay, the blitz pass (OM-10). Like firmware/resume.py this
# code is loaded for the call and dropped (Session._call), so that it takes no heap during play;
# it reads the session (s), works its parts (the take-back ring, the move log) and calls its verbs,
# and hands back what it found for the session to keep (tests/test_session_owner.py).
from firmware.common import num, unload, module


def undo(s):
    """The moves taken back (against the AI, to the player's own turn): (the position then, its
    history, the last move before it, the words) for Session._back."""
    u = s.undo
    while len(u):
        pos, seen, nlog = u.pop()  # (pos: a view into the take-back store)
        last = s.log.back(nlog)
        if s.cfg["mode"] != "ai" or s.game.to_move(pos) == s.human:
            break
    return pos, seen, last, "Move taken back"


def hint(s):
    """The hint's cell, its move on the play screen with its words and why; None: no hint now. A
    lesson's or a problem's: a move that meets its goal (firmware/lesson.py, puzzle.py)."""
    if s.lesson is not None:
        m = "firmware.puzzle" if s.puzzle else "firmware.lesson"
        try:
            return module(m).hint(s)
        finally:
            unload(m)
    if s.phase != "select" or not s.is_human(s.mover()):
        s.say("No hint now")
        return
    p = s.ai().player  # the AI's hint: its level 4 budget
    code = p.hint(s.rec.pos, s.ai_ms)
    if code is None:
        return
    t = s.game.move_str(s.rec.pos, code)
    s.play.hinted(t, "Hint: " + s.ad.move_words(t), _why(s, p, code))
    return num(t)


def _why(s, p, code):
    """The hint's reason, the words of cli.py explain (engine/explain.py, loaded for the call):
    what the move takes and what the reply the search finds (level 3's budget: ~0.7 s on the
    chip after the hint's 1.8 s) takes back. "" without the AI."""
    if p is None:
        return ""
    from engine import explain
    from engine.ai import level_nodes
    try:
        return explain.explain(p.search, s.rec, code, level_nodes(s.game, 3))["text"]
    finally:
        unload("engine.explain")


def replay(s, anim):
    """The last move's sowing again on anim (the session's Anim), from the position before it;
    False: nothing to replay now."""
    u, t = s.undo, s.last
    if len(u) and t is not None and s.phase in ("select", "setup", "ai") and \
            anim.replay(s.game, bytes(u.pos(len(u) - 1)), t[2], s.now, t[1]):
        s.say("Replay: %s %s" % (s.names()[t[1]], t[2]))
        return True
    s.say("Nothing to replay")
    return False


def blitz_pass(s):
    # OM-10 blitz: the mover did not start in time, the turn passes to the other player: the
    # position for Session._back (the one before it kept for a take-back), or a random move
    pos = _passed(s.game, s.rec.pos)
    if pos is None:
        s.say("Time! Random move")
        s.play_move(s.legal[0][0])
        return
    s.undo.push(s.rec.pos, s.rec.seen, s.log.end())
    return pos, s.rec.seen, s.last, "Time! The turn passes"


def _passed(game, pos):
    """pos with the other side to move (the turn passes: OM-10 blitz), or None if the game's
    rules refuse that position."""
    obj = game.to_json(pos)
    obj["to_move"] = 1 - obj["to_move"]
    try:
        return game.from_json(obj)
    except ValueError:
        return None
