# The terminal game's lessons (tools/terminal/game.py, "Who plays?" -> learn): the lessons of
# firmware/lessons/ one at a time: the rule in plain words, its example played (Enter: shown, s:
# skipped), the goal, the board, your move told from its trace (firmware/lessons/__init__.py
# tell, the game's lessons in firmware/games/<game>/lessons.py) and whether the goal was met; a wrong move puts the lesson's position back to try again.
from engine import games
import firmware.lessons as L


def learn(ask, say, name, view, renderer):
    """The lesson list of game `name` until the player goes back (q or Enter after the last)."""
    lessons = L.load(name)
    done = [False] * len(lessons)
    nxt = 0
    while True:
        say("")
        say("Lessons of %s, one rule each:" % games.TITLES[name])
        for i in range(len(lessons)):
            say("  %d) %s%s: %s" % (i + 1, lessons[i]["title"], " (done)" if done[i] else "",
                                    lessons[i]["goal"]))
        if nxt >= len(lessons):
            say("Every lesson done: you know the rules. Enter or q goes back.")
        a = ask("Lesson? (1-%d; Enter = %s; q = back): " % (
            len(lessons), "lesson %d" % (nxt + 1) if nxt < len(lessons) else "back")).strip()
        if a.lower() in ("q", "quit", "b", "back") or (not a and nxt >= len(lessons)):
            return done
        if not a:
            i = nxt
        elif a.isdigit() and 1 <= int(a) <= len(lessons):
            i = int(a) - 1
        else:
            say("Type a lesson number from 1 to %d." % len(lessons))
            continue
        if lesson(ask, say, name, lessons[i], view, renderer):
            done[i] = True
            nxt = i + 1


def lesson(ask, say, name, ls, view, renderer):
    """One lesson; True once its goal is met, False when the player goes back."""
    g = games.load(name, ls.get("rules"))
    pos = L.position(g, ls)
    me = g.to_move(pos)
    say("")
    say("%s (rule %s, docs/rules.md)" % (ls["title"], L.rule(name, ls)))
    say("The rule: " + ls["why"])
    if ask("Enter: see an example; s: skip it: ").strip().lower() not in ("s", "skip", "q"):
        dp, dm = L.demo(g, ls)
        say(renderer.board(g, dp, view))
        say("Example: %s." % g.move_str(dp, dm))
        ok, trace, after = L.attempt(g, ls, dp, dm)
        s = renderer.summary(g, after, trace, view, me)
        if s:
            say(s)
        say(renderer.board(g, after, view))
        say(" ".join(L.tell(g, ls, dp, dm)[1]))
    say("")
    say("Goal: " + ls["goal"])
    while True:
        say("")
        say(renderer.board(g, pos, view))
        a = ask("Your move (h = the moves you can play, q = back to the lessons): ").strip()
        if a.lower() in ("q", "quit", "back"):
            return False
        buf = [0] * g.MAX_MOVES
        n = g.moves(pos, buf)
        legal = [g.move_str(pos, buf[i]) for i in range(n)]
        if not a or a.lower() in ("h", "help", "?"):
            say("The moves you can play now: %s." % " ".join(legal))
            continue
        try:
            m = g.parse_move(pos, a)
        except ValueError as e:
            say("%s. The moves you can play now: %s." % (e, " ".join(legal)))
            continue
        ok, trace, after = L.attempt(g, ls, pos, m)
        say("You play %s." % g.move_str(pos, m))
        s = renderer.summary(g, after, trace, view, me)
        if s:
            say(s)
        say(renderer.board(g, after, view))
        told = " ".join(L.tell(g, ls, pos, m)[1])  # the move in words, from its own trace
        if ok:
            say("Goal met! " + told)
            return True
        say("Not this time. %s The position is back: try again." % told)
