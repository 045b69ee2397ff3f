# Methods of the Session (firmware/session.py) for the lessons (issues 31, 55), loaded for the
# call (Session.learn) as firmware/resume.py and firmware/actions.py are: self is the session. A
# lesson (firmware/lessons/; its data: firmware/games/<game>/lessons.py, a move told: words.py
# there) goes: its rule in plain words and its goal on a text screen; its example played on the
# board (stage "demo", any key skips it); the player's try on the lesson's position, the goal on
# the board's top line ("try"); at the sowing's end (Session.skip_anim) the lessons' own check
# judges it and the final board stays, its verdict on top ("met" or "again"); A there gives the
# move told from its own trace and the goal met or not, B goes back to the board to look at it.
# A lesson has no AI and is not saved as a game: the save keeps the game offered as "Resume"
# (firmware/saves.py state); the lessons done are Session.learnt, a bit each, saved with the
# settings.
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, unload


def load(self):
    import firmware.lessons as L
    return L, L.load(self.cfg["game"])


def drop(self):
    # the lessons' data and code go between two uses (~2 KB while the lesson's move is sown)
    unload("firmware.games.%s.lessons" % self.cfg["game"])
    unload("firmware.games.%s.words" % self.cfg["game"])
    unload("firmware.lessons")


def begin(self, i):
    """Lesson i of the chosen game: its rule and goal on a text screen, then its example (demo)."""
    self.clear()  # the Learn list's view and the menus' code go before the game's engine loads
    from firmware.screens import drop_menus  # (Omweso's lessons' lowest point at 320x240 else)
    drop_menus()
    L, lessons = load(self)
    if i >= len(lessons):  # the last one done: back to the list
        drop(self)  # (its data)
        self.leave_game("Every lesson done!")  # back to the list (actions.py)
        return
    name = self.cfg["game"]
    ls = lessons[i]
    rules = ls.get("rules")
    title = "%d. %s" % (i + 1, ls["title"])  # (26 letters: 160x128)
    lines = ["%s (rule %s)" % (ls["why"], L.rule(name, ls)), "Your goal: " + ls["goal"]]
    self.goal = ls["line"]
    L = lessons = ls = None
    drop(self)  # (the data go while the game's engine loads: Omweso's is the largest)
    from firmware.resume import start  # the previous game (and its AI's buffers) go first
    start(self, name)
    unload("firmware.resume")
    self.lesson = i
    self.game = games.load(name, rules)
    L, lessons = load(self)
    position(self, L, lessons[i])
    drop(self)
    _text(self, "goal", title, lines)


def position(self, L, lesson, pos=None):
    # the lesson's position (or the example's), its mover the player, and nothing played yet
    self.rec = Record(self.game, L.position(self.game, lesson) if pos is None else pos)
    self.human = self.game.to_move(self.rec.pos)
    self.undo = TakeBack()
    self.log = MoveLog()
    self.last = self.hint = None
    self.phase = "none"
    self.stage = "try"
    self._refresh()


def demo(self):
    """A on the rule page: the lesson's example move played on its own position, step by step."""
    L, lessons = load(self)
    k, fields = lessons[self.lesson]["demo"]  # (L.demo's, with the session's own list of moves:
    position(self, L, None, L.position(self.game, {"pos": fields}))  # no buffer of 256 made)
    move = self.legal[k][0]
    drop(self)
    self.stage = "demo"
    self.to_board()
    self.play_move(move)  # (its end: judge)


def board(self):
    """The lesson's board, the player's turn (again())."""
    self.to_board()
    self._begin_turn()


def hint(self):
    """A move that meets the goal with the rules taught so far (the AI's best move may not: a
    lesson is not a game to win)."""
    if self.phase != "select":
        self.say("No hint now")
        return
    self.clear()  # the board goes while the lessons load (Omweso's lowest point, 37 KB, else)
    L, lessons = load(self)
    code = L.hint(self.game, lessons, self.lesson, self.rec.pos, self.legal)
    if code is not None:
        from firmware.common import num
        t = self.game.move_str(self.rec.pos, code)
        self.hint = num(t)
        self.play.hinted(t, "Hint: " + self.ad.move_words(t), "meets the goal")
    drop(self)
    self.to_board()  # (built again: ~0.5 s on the chip at 320x240)


def again(self):
    """The lesson's position back, to try again."""
    L, lessons = load(self)
    position(self, L, lessons[self.lesson])
    drop(self)
    board(self)


def judge(self):
    """The sowing has ended (its board gone: Session.skip_anim): after the example, the player's
    turn; after a try, was the goal met? The final board comes back, its verdict on top."""
    self.phase = "none"  # (the sowing's animation and its code have gone: Session.skip_anim)
    if self.stage == "demo":  # the example's end stays until A (next), on the same board (a new
        # one, built again over the old one's place, left Omweso's heap 13 KB lower on the chip),
        # its lines redrawn: "That was the example", "A: your try" (they kept "A: skip the
        # example" where the sowing's last step came a tick before its end)
        self.version += 1
        return
    L, lessons = load(self)
    i = self.lesson
    ls = lessons[i]
    g = self.game
    move = g.parse_move(L.position(g, ls), self.last[2])
    met = L.meets(g, ls, L.position(g, ls), move) and L.bit(self.cfg["game"], i)
    drop(self)
    self.stage = "met" if met else "again"
    if met:
        self.learnt |= met
        self.save(later=True)  # the settings' save, once the final board is drawn (here, with
        # the lessons' code just loaded, it was Omweso's lowest point at 320x240): the lesson
        # itself is not a game to resume
    self.to_board()


def next(self):
    """A on the board when the sowing has ended: the player's try after the example, or the
    try told in words."""
    self.clear()  # the board goes before the lessons load (Omweso's lowest point else)
    if self.stage == "demo":  # the player's try
        return again(self)
    L, lessons = load(self)
    ls = lessons[self.lesson]
    g = self.game
    pos = L.position(g, ls)
    met, lines = L.tell(g, ls, pos, g.parse_move(pos, self.last[2]))
    drop(self)
    if met:
        _text(self, "met", "Goal met: well done!", lines)
        return
    lines.append("")
    lines.append("Your goal: " + ls["goal"])
    _text(self, "again", "Not this time", lines)


def _text(self, kind, title, lines):  # a page of the lesson's (firmware/screens/text.py)
    from firmware.screens.text import LessonScreen
    self.show(LessonScreen(self, kind, title, lines))
