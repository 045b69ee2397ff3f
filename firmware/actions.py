# Methods of the Session (firmware/session.py) that a player asks for now and then: take back,
# hint, replay the last move, the blitz pass (OM-10) and leaving a game (a lesson, a problem). Like
# firmware/resume.py they live outside the class so that their code takes no heap during play:
# Session._call imports this module for the one call and drops it. self is the session (they set
# its fields: tests/test_session_owner.py allows it here, in session.py and in resume.py).
from firmware.common import num, unload, TakeBack, MoveLog


def undo(self):
    if not self.can_undo():
        return
    while len(self.undo):
        pos, self.rec.seen, nlog = self.undo.pop()
        self.rec.pos[:] = pos
        pos = None  # a view into the take-back store: gone before it grows again
        self.last = self.log.back(nlog)
        if self.cfg["mode"] != "ai" or self.game.to_move(self.rec.pos) == self.human:
            break
    self.hint = None
    self.phase = "none"
    self._refresh()
    self.save()
    self.say("Move taken back")
    self._begin_turn()


def hint(self):
    if self.lesson is not None:  # a move that meets the lesson's goal
        return self.learn("hint")
    if self.phase != "select" or not self.is_human(self.mover()):
        self.say("No hint now")
        return
    p = self._brain().player  # the AI's hint: its level 4 budget
    code = p.hint(self.rec.pos, self.ai_ms)
    if code is None:
        return
    t = self.game.move_str(self.rec.pos, code)
    self.hint = num(t)
    self.play.hinted(t, "Hint: " + self.ad.move_words(t), _why(self, p, code))
    self.version += 1  # (asked at a tick: a new picture)


def _why(self, p, code):
    """The hint's reason, the words of cli.py explain (engine/explain.py, loaded for the call):
    what the move takes and what the reply the search finds (level 3's budget: ~0.7 s on the
    chip after the hint's 1.8 s) takes back. "" without the AI."""
    if p is None:
        return ""
    from engine import explain
    from engine.ai import level_nodes
    try:
        return explain.explain(p.search, self.rec, code, level_nodes(self.game, 3))["text"]
    finally:
        unload("engine.explain")


def replay(self):
    """The last move's sowing again, from the position before it; the game then goes on where it
    was. False when there is nothing to replay now."""
    u = self.undo
    if len(u) and self.last is not None and self.phase in ("select", "setup", "ai") and \
            self._anim().replay(self.game, bytes(u.pos(len(u) - 1)), self.last[2],
                                self.now, self.last[1]):
        self.phase = "anim"
        self.say("Replay: %s %s" % (self.names()[self.last[1]], self.last[2]))
        return True
    self.say("Nothing to replay")
    return False


def blitz_pass(self):
    # OM-10 blitz: the mover did not start in time, the turn passes to the other player.
    pos = _passed(self.game, self.rec.pos)
    if pos is None:
        self.say("Time! Random move")
        self.play_move(self.legal[0][0])
        return
    self.undo.push(self.rec.pos, self.rec.seen, self.log.end())
    self.rec.pos[:] = pos
    self._refresh()
    self.say("Time! The turn passes")
    self.save()
    self._begin_turn()


def _passed(game, pos):
    """pos with the other side to move (the turn passes: OM-10 blitz), or None if the game's
    rules refuse that position."""
    obj = game.to_json(pos)
    obj["to_move"] = 1 - obj["to_move"]
    try:
        return game.from_json(obj)
    except ValueError:
        return None


def leave(self, load):
    """The game (and its AI's buffers) gone: to the title screen (load, quitting: the game saved
    and read back to offer it as "Resume"), or from a lesson or a problem back to its list, on
    the one just played (load: what to say there)."""
    i = self.lesson
    if i is None and load:
        self.save()
    self.game = self.rec = self.play = self.brain = self.review = None
    self.phase = "none"
    if i is None:
        if load:
            self._call("resume", "load")
        return self.menu("title")
    menu = "problems" if self.puzzle else "learn"
    self.lesson = self.stage = None
    self.puzzle = False
    self.undo, self.log = TakeBack(), MoveLog()  # (its take-backs and moves with it)
    self.menu(menu, sel=("lesson", i))
    self.say(load or "")  # (what the lesson's sowing said is not said over the list)
