# Methods of the Session (firmware/session.py) for the lessons (issue 31 #1), loaded for the call
# (Session.learn) as firmware/resume.py and firmware/actions.py are: self is the session. A lesson
# is a game on the lesson's position (firmware/lessons/: its goal, the rule it teaches): the
# player makes the move, its sowing says the rule's words as it fires, and at the sowing's end
# (Session.skip_anim) the lessons' own check judges it: a text screen then says the goal was met
# and why, or what the move did and lets the player try again from the lesson's position. A
# lesson has no AI and is not saved as a game: the save keeps the game offered as "Resume"
# (firmware/saves.py _head); the lessons done are Session.learnt, a bit each, saved with the
# settings.
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, unload


def _all(self):
    import firmware.lessons as L
    return L, L.load(self.cfg["game"])


def _drop(self):
    # the lessons' data and code go between two uses (~2 KB while the lesson's move is sown)
    unload("firmware.lessons." + self.cfg["game"])
    unload("firmware.lessons")


def begin(self, i):
    """Lesson i of the chosen game: its goal on a text screen, then its board (board)."""
    L, lessons = _all(self)
    if i >= len(lessons):  # the last one done: back to the list
        leave(self, "Every lesson done!")
        return
    name = self.cfg["game"]
    ls = lessons[i]
    from firmware.resume import start  # the previous game (and its AI's buffers) go first
    start(self, name)
    unload("firmware.resume")
    self.lesson = i
    self.game = games.load(name, ls.get("rules"))
    _position(self, L, ls)
    _text(self, "goal", "%d. %s" % (i + 1, ls["title"]),  # (26 letters: 160x128)
          [ls["goal"], "", "The rule: %s." % L.rule(name, ls)])
    _drop(self)


def _position(self, L, ls):
    # the lesson's position, its mover the player, and nothing played yet
    self.rec = Record(self.game, L.position(self.game, ls))
    self.human = self.game.to_move(self.rec.pos)
    self.undo = TakeBack()
    self.log = MoveLog()
    self.last = self.hint = None
    self.phase = "none"
    self._refresh()


def board(self):
    """A on the goal: the lesson's board, the player's turn."""
    self.to_board()
    self._begin_turn()


def hint(self):
    """A move that meets the goal (the AI's best move may not: a lesson is not a game to win)."""
    if self.phase != "select":
        self.say("No hint now")
        return
    L, lessons = _all(self)
    ls = lessons[self.lesson]
    for code, t in self.legal:
        if L.meets(self.game, ls, self.rec.pos, code):
            from firmware.common import num
            self.hint = num(t)
            self.play.hinted(t, "Hint: " + self.ad.move_words(t), "meets the goal")
            break
    _drop(self)
    self.tidy(True)  # the moves tried (a trace each) go now: 12 KB under the board else


def again(self):
    """The lesson's position back, to try again."""
    L, lessons = _all(self)
    _position(self, L, lessons[self.lesson])
    _drop(self)
    board(self)


def judge(self):
    """The sowing of the player's move has ended: was the goal met?"""
    L, lessons = _all(self)
    i = self.lesson
    ls = lessons[i]
    g = self.game
    self.phase = "none"  # (the board went before this module loaded: Session.skip_anim)
    pos = L.position(g, ls)
    move = g.parse_move(pos, self.last[2])
    met = L.meets(g, ls, pos, move) and L.bit(self.cfg["game"], i)
    _drop(self)
    if met:
        self.learnt |= met
        self.save()  # the settings' save: the lesson itself is not a game to resume
        _text(self, "met", "Goal met: well done!", [ls["why"]])
        return
    from engine.explain import gain, takes
    took = takes(gain(g, pos, move))
    unload("engine.explain")
    _text(self, "again", "Not this time", ["You played %s: it %s." % (self.last[2], took), "",
                                           "Your goal: " + ls["goal"]])


def _text(self, kind, title, lines):
    from firmware.screens.text import LessonScreen
    self.show(LessonScreen(self, kind, title, lines))


def leave(self, msg=""):
    """Back to the list of lessons, on the one just played; the lesson's game and data go."""
    i = self.lesson or 0
    self.game = self.rec = self.play = self.brain = None
    self.lesson = None
    self.phase = "none"
    self.undo = TakeBack()
    self.log = MoveLog()
    _drop(self)
    self.menu("learn", sel=("lesson", i))
    self.say(msg)  # (what the lesson's sowing said is not said over the list)
