# The session's code for the lessons (issues 31, 55), loaded for the call (Session.learn) as
# firmware/resume.py and firmware/actions.py are: each function is handed the session `s`, and
# what it decides the session sets (Session.update: tests/test_session_owner.py). A lesson
# (firmware/lessons/; its data: firmware/games/<game>/lessons.py) goes: its rule in plain words
# and its goal on a text screen; its example played on the board (stage "demo", any key skips
# it); the player's try on the lesson's position, the goal on the board's top line ("try"); at
# the sowing's end (Session.skip_anim) the lessons' own check judges it and the final board
# stays, its verdict on top ("met" or "again"); A there gives the move told from its own trace
# and the goal met or not, B goes back to the board to look at it. A lesson has no AI and is not
# saved as a game: the save keeps the game offered as "Resume" (firmware/saves.py state); the
# lessons done are Session.learnt, a bit each, saved with the settings.
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, unload


def load(s):
    import firmware.lessons as L
    return L, L.load(s.cfg["game"])


def drop(s):
    # the lessons' data and code go between two uses (~2 KB while the lesson's move is sown)
    unload("firmware.games.%s.lessons" % s.cfg["game"])
    unload("firmware.lessons.words")
    unload("firmware.lessons")


def begin(s, i):
    """Lesson i of the chosen game: its rule and goal on a text screen, then its example (demo)."""
    s.clear()  # the Learn list's view and the menus' code go before the game's engine loads
    from firmware.screens import drop_menus  # (Omweso's lessons' lowest point at 320x240 else)
    drop_menus()
    L, lessons = load(s)
    if i >= len(lessons):  # the last one done: back to the list
        drop(s)  # (its data)
        s.leave_game("Every lesson done!")  # back to the list (actions.py)
        return
    name = s.cfg["game"]
    ls = lessons[i]
    rules = ls.get("rules")
    title = "%d. %s" % (i + 1, ls["title"])  # (26 letters: 160x128)
    lines = ["%s (rule %s)" % (ls["why"], L.rule(name, ls)), "Your goal: " + ls["goal"]]
    goal = ls["line"]
    L = lessons = ls = None
    drop(s)  # (the data go while the game's engine loads: Omweso's is the largest)
    from firmware.resume import start  # the previous game (and its AI's buffers) go first
    start(s, name)
    unload("firmware.resume")
    s.update({"goal": goal, "lesson": i, "game": games.load(name, rules)})
    L, lessons = load(s)
    position(s, L, lessons[i])
    drop(s)
    _text(s, "goal", title, lines)


def position(s, L, lesson, pos=None):
    # the lesson's position (or the example's), its mover the player, and nothing played yet
    rec = Record(s.game, L.position(s.game, lesson) if pos is None else pos)
    s.update({"rec": rec, "human": s.game.to_move(rec.pos), "undo": TakeBack(), "log": MoveLog(),
              "last": None, "hint": None, "phase": "none", "stage": "try"})
    s.refresh()


def demo(s):
    """A on the rule page: the lesson's example move played on its own position, step by step."""
    L, lessons = load(s)
    k, fields = lessons[s.lesson]["demo"]  # (L.demo's, with the session's own list of moves:
    position(s, L, None, L.position(s.game, {"pos": fields}))  # no buffer of 256 made)
    move = s.legal[k][0]
    drop(s)
    s.update({"stage": "demo"})
    s.to_board()
    s.play_move(move)  # (its end: judge)


def board(s):
    """The lesson's board, the player's turn (again())."""
    s.to_board()
    s.begin_turn()


def hint(s):
    """A move that meets the goal with the rules taught so far (the AI's best move may not: a
    lesson is not a game to win)."""
    if s.phase != "select":
        s.say("No hint now")
        return
    s.clear()  # the board goes while the lessons load (Omweso's lowest point, 37 KB, else)
    L, lessons = load(s)
    code = L.hint(s.game, lessons, s.lesson, s.rec.pos, s.legal)
    if code is not None:
        from firmware.common import num
        t = s.game.move_str(s.rec.pos, code)
        s.update({"hint": num(t)})
        s.play.hinted(t, "Hint: " + s.ad.move_words(t), "meets the goal")
    drop(s)
    s.to_board()  # (built again: ~0.5 s on the chip at 320x240)


def again(s):
    """The lesson's position back, to try again."""
    L, lessons = load(s)
    position(s, L, lessons[s.lesson])
    drop(s)
    board(s)


def judge(s):
    """The sowing has ended (its board gone: Session.skip_anim): after the example, the player's
    turn; after a try, was the goal met? The final board comes back, its verdict on top."""
    s.update({"phase": "none"})  # (the sowing's animation and its code went: Session.skip_anim)
    if s.stage == "demo":  # the example's end stays until A (next), on the same board (a new
        return                # one, built again over the old one's place, left Omweso's heap
        #                       13 KB lower on the chip)
    L, lessons = load(s)
    i = s.lesson
    ls = lessons[i]
    g = s.game
    move = g.parse_move(L.position(g, ls), s.last[2])
    met = L.meets(g, ls, L.position(g, ls), move) and L.bit(s.cfg["game"], i)
    drop(s)
    s.update({"stage": "met" if met else "again", "learnt": s.learnt | met})
    if met:
        s.save(later=True)  # the settings' save, once the final board is drawn (here, with
        # the lessons' code just loaded, it was Omweso's lowest point at 320x240): the lesson
        # itself is not a game to resume
    s.to_board()


def next(s):
    """A on the board when the sowing has ended: the player's try after the example, or the
    try told in words."""
    s.clear()  # the board goes before the lessons load (Omweso's lowest point else)
    if s.stage == "demo":  # the player's try
        return again(s)
    L, lessons = load(s)
    ls = lessons[s.lesson]
    g = s.game
    pos = L.position(g, ls)
    met, lines = L.tell(g, ls, pos, g.parse_move(pos, s.last[2]))
    drop(s)
    if met:
        _text(s, "met", "Goal met: well done!", lines)
        return
    lines.append("")
    lines.append("Your goal: " + ls["goal"])
    _text(s, "again", "Not this time", lines)


def _text(s, kind, title, lines):  # a page of the lesson's (firmware/screens/text.py)
    from firmware.screens.text import LessonScreen
    s.show(LessonScreen(s, kind, title, lines))
