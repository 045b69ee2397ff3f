# What a player asks for now and then: take back, hint, replay the last move, the blitz pass
# (OM-10) and leaving a game (a lesson, a problem). The session's own code kept outside its class
# so that it takes no heap during play: Session.call imports this module for the one call and
# drops it. Each function is handed the session `s`; what it decides, the session sets
# (Session.update: only the session sets its fields, tests/test_session_owner.py).
from firmware.common import num, unload, TakeBack, MoveLog


def undo(s):
    if not s.can_undo():
        return
    while len(s.undo):
        pos, s.rec.seen, nlog = s.undo.pop()
        s.rec.pos[:] = pos
        pos = None  # a view into the take-back store: gone before it grows again
        last = s.log.back(nlog)
        if s.cfg["mode"] != "ai" or s.game.to_move(s.rec.pos) == s.human:
            break
    s.update({"last": last, "hint": None, "phase": "none"})
    s.refresh()
    s.save()
    s.say("Move taken back")
    s.begin_turn()


def hint(s):
    if s.lesson is not None:  # a move that meets the lesson's goal
        return s.learn("hint")
    if s.phase != "select" or not s.is_human(s.mover()):
        s.say("No hint now")
        return
    p = s.ai().player  # the AI's hint: its level 4 budget
    code = p.hint(s.rec.pos, s.ai_ms)
    if code is None:
        return
    t = s.game.move_str(s.rec.pos, code)
    s.update({"hint": num(t), "version": s.version + 1})  # (asked at a tick: a new picture)
    s.play.hinted(t, "Hint: " + s.ad.move_words(t), _why(s, p, code))


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


def replay(s):
    """The last move's sowing again, from the position before it; the game then goes on where it
    was. False when there is nothing to replay now."""
    u = s.undo
    if len(u) and s.last is not None and s.phase in ("select", "setup", "ai") and \
            s.animation().replay(s.game, bytes(u.pos(len(u) - 1)), s.last[2], s.now,
                                 s.last[1]):
        s.update({"phase": "anim"})
        s.say("Replay: %s %s" % (s.names()[s.last[1]], s.last[2]))
        return True
    s.say("Nothing to replay")
    return False


def blitz_pass(s):
    # OM-10 blitz: the mover did not start in time, the turn passes to the other player.
    pos = _passed(s.game, s.rec.pos)
    if pos is None:
        s.say("Time! Random move")
        s.play_move(s.legal[0][0])
        return
    s.undo.push(s.rec.pos, s.rec.seen, s.log.end())
    s.rec.pos[:] = pos
    s.refresh()
    s.say("Time! The turn passes")
    s.save()
    s.begin_turn()


def _passed(game, pos):
    """pos with the other side to move (the turn passes: OM-10 blitz), or None if the game's
    rules refuse that position."""
    obj = game.to_json(pos)
    obj["to_move"] = 1 - obj["to_move"]
    try:
        return game.from_json(obj)
    except ValueError:
        return None


def leave(s, load):
    """The game (and its AI's buffers) gone: to the title screen (load, quitting: the game saved
    and read back to offer it as "Resume"), or from a lesson or a problem back to its list, on
    the one just played (load: what to say there)."""
    i = s.lesson
    if i is None and load:
        s.save()
    s.update({"game": None, "rec": None, "play": None, "brain": None, "review": None,
              "phase": "none"})
    if i is None:
        if load:
            s.call("resume", "load")
        return s.menu("title")
    menu = "problems" if s.puzzle else "learn"
    # (its take-backs and moves go with it)
    s.update({"lesson": None, "stage": None, "puzzle": False, "undo": TakeBack(),
              "log": MoveLog()})
    s.menu(menu, sel=("lesson", i))
    s.say(load or "")  # (what the lesson's sowing said is not said over the list)
