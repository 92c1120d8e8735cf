#!/usr/bin/env python3
"""The editor in a real window, driven as a person's hands would drive it.

Run under Xvfb (`.ci/run` does):

    xvfb-run -a -s "-screen 0 1600x1000x24" python3 tests/window/drive.py EDITOR

xdotool moves the real pointer and presses real keys (modifiers held down
across frames, as a person does); the editor, started with `--report`,
writes what it shows as JSON lines, and the saved file is read back. Each
step waits for the editor to show its effect, so a slow software renderer
only makes the test slower, not flaky.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WAIT = 60.0  # seconds a step may take to show (software rendering is slow)


def main():
    editor = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="ladderkit-window-")
    variant = os.path.join(work, "drawn.ron")
    shutil.copy(os.path.join(HERE, "blank-6x6.ron"), variant)
    report = os.path.join(work, "report.jsonl")
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"))
    proc = subprocess.Popen([editor, variant, "--report", report], env=env)
    try:
        run(proc, variant, report)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    shutil.rmtree(work, ignore_errors=True)
    print("real-window test: drew, checked, painted, undid, redid, saved, play-tested, read the help, duplicated and deleted, and selected several by mouse and keyboard")


class Editor:
    def __init__(self, proc, report):
        self.proc, self.report, self.state = proc, report, None

    def latest(self):
        try:
            with open(self.report) as f:
                lines = f.read().splitlines()
        except FileNotFoundError:
            return None
        for line in reversed(lines):
            try:
                return json.loads(line)["state"]
            except ValueError:
                continue  # a line being written
        return None

    def wait(self, what, test):
        deadline = time.time() + WAIT
        while time.time() < deadline:
            if self.proc.poll() is not None:
                sys.exit(f"the editor exited (code {self.proc.returncode}) while waiting for: {what}")
            state = self.latest()
            if state is not None and test(state):
                self.state = state
                print(f"  ok: {what}")
                return state
            time.sleep(0.1)
        sys.exit(f"timed out waiting for: {what}\nlast report: {json.dumps(self.latest())[:2000]}")

    def space(self, n):
        for number, x, y in self.state["spaces"]:
            if number == n:
                return int(x), int(y)
        sys.exit(f"space {n} is not on screen: {self.state['spaces']}")


def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True)


def run(proc, variant, report):
    ed = Editor(proc, report)
    ed.wait("the board is on screen", lambda s: len(s["spaces"]) == 36)
    window = subprocess.run(
        ["xdotool", "search", "--sync", "--name", "Ladderkit"], check=True, capture_output=True, text=True
    ).stdout.split()[0]
    geometry = subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", window], check=True, capture_output=True, text=True
    ).stdout
    origin = {k: int(v) for k, v in re.findall(r"^(X|Y)=(-?\d+)$", geometry, re.M)}
    xdo("windowfocus", "--sync", window)

    def at(n):
        x, y = ed.space(n)
        return origin["X"] + x, origin["Y"] + y

    def drag(a, b):
        (x0, y0), (x1, y1) = at(a), at(b)
        xdo("mousemove", x0, y0)
        time.sleep(0.3)
        xdo("mousedown", 1)
        time.sleep(0.3)
        for k in range(1, 9):  # a hand moves through the frames in between
            xdo("mousemove", x0 + (x1 - x0) * k // 8, y0 + (y1 - y0) * k // 8)
            time.sleep(0.1)
        time.sleep(0.3)
        xdo("mouseup", 1)

    def click(n):
        x, y = at(n)
        xdo("mousemove", x, y)
        time.sleep(0.3)
        xdo("click", 1)

    def chord(*keys):
        """Modifiers down for a few frames, the key, then up: as a person."""
        *mods, key = keys
        for m in mods:
            xdo("keydown", m)
        time.sleep(0.3)
        xdo("key", key)
        time.sleep(0.3)
        for m in reversed(mods):
            xdo("keyup", m)

    # Draw a ladder by dragging with the jump tool.
    xdo("mousemove", *at(30))  # the pointer over the board, so keys reach it
    xdo("key", "j")
    ed.wait("the jump tool is picked with J", lambda s: s["tool"] == "Draw jump")
    drag(3, 20)
    ed.wait("dragging 3 to 20 drew a ladder", lambda s: s["jumps"] == [[3, 20]] and s["dirty"])

    # A snake back down makes a loop, and the checks say so at once.
    drag(20, 3)
    ed.wait("the snake 20 to 3 is drawn", lambda s: [20, 3] in s["jumps"])
    ed.wait("the loop is reported", lambda s: "jump-loop" in s["codes"])

    # Undo and redo from the keyboard.
    chord("ctrl", "z")
    ed.wait("Ctrl+Z takes the snake back", lambda s: s["jumps"] == [[3, 20]] and "jump-loop" not in s["codes"])
    chord("ctrl", "shift", "z")
    ed.wait("Ctrl+Shift+Z brings it back", lambda s: [20, 3] in s["jumps"] and "jump-loop" in s["codes"])
    chord("ctrl", "z")
    ed.wait("and Ctrl+Z again", lambda s: s["jumps"] == [[3, 20]] and s["redo"] is not None)

    # Paint an effect (the brush starts as "lose a turn").
    xdo("key", "p")
    ed.wait("the paint tool is picked with P", lambda s: s["tool"] == "Paint effect")
    click(9)
    ed.wait("clicking 9 painted it", lambda s: any(e[0] == 9 for e in s["effects"]))

    # Save with Ctrl+S, then read the file back.
    chord("ctrl", "s")
    ed.wait("Ctrl+S saved", lambda s: not s["dirty"])
    text = open(variant).read()
    jumps = [tuple(map(int, m)) for m in re.findall(r"Jump\(from: (\d+), to: (\d+)", text)]
    if jumps != [(3, 20)]:
        sys.exit(f"the saved file has jumps {jumps}, not the ladder drawn:\n{text}")
    if not re.search(r"space: 9, effect: LoseTurns\(1\)", text):
        sys.exit(f"the saved file lacks the painted effect on 9:\n{text}")
    print("  ok: the saved file holds the ladder 3→20 and the lost turn on 9")

    # Play-test: F5, the first roll by the person, then leave with Esc.
    xdo("key", "F5")
    ed.wait("F5 starts a play-test", lambda s: s["mode"] == "Playtest" and s["playtest"] is not None)
    ed.wait("the game waits for its first roll", lambda s: not s["playtest"]["begun"])
    xdo("key", "space")
    ed.wait("Space rolls", lambda s: s["playtest"] is not None and s["playtest"]["moves_shown"] >= 1)
    xdo("key", "Escape")
    ed.wait("Esc leaves the play-test", lambda s: s["mode"] == "Edit")
    ed.wait("and the design is as saved", lambda s: not s["dirty"] and s["jumps"] == [[3, 20]])

    # The help, from the same key table the keys use; Esc closes it.
    xdo("key", "F1")
    ed.wait("F1 shows the help", lambda s: "window:help" in s["targets"])
    xdo("key", "Escape")
    ed.wait("Esc closes it", lambda s: "window:help" not in s["targets"])

    # Select the ladder, duplicate it, delete the copy, let go with Esc.
    xdo("key", "v")
    ed.wait("the select tool is picked with V", lambda s: s["tool"] == "Select")
    (x0, y0), (x1, y1) = at(3), at(20)
    xdo("mousemove", (x0 + x1) // 2, (y0 + y1) // 2)
    time.sleep(0.3)
    xdo("click", 1)
    ed.wait("clicking the ladder selects it", lambda s: s["selected"] == "Jump(0)")
    chord("ctrl", "d")
    ed.wait("Ctrl+D duplicates it one space along", lambda s: s["jumps"] == [[3, 20], [4, 21]])
    ed.wait("and selects the copy", lambda s: s["selected"] == "Jump(1)")
    xdo("key", "Delete")
    ed.wait("Delete removes the copy", lambda s: s["jumps"] == [[3, 20]])
    click(9)
    ed.wait("clicking 9 selects the space", lambda s: s["selected"] == "Space(9)")
    xdo("key", "Escape")
    ed.wait("Esc lets go of it", lambda s: s["selected"] == "Nothing")

    # Shift+click the space and the ladder: both selected; Delete takes
    # the ladder and the space's effect in one step, and Ctrl+Z both back.
    click(9)
    xdo("keydown", "shift")
    time.sleep(0.3)
    xdo("mousemove", (x0 + x1) // 2, (y0 + y1) // 2)
    time.sleep(0.3)
    xdo("click", 1)
    time.sleep(0.3)
    xdo("keyup", "shift")
    ed.wait("Shift+click adds the ladder", lambda s: sorted(s["group"]) == ["Jump(0)", "Space(9)"])
    xdo("key", "Delete")
    ed.wait("Delete removes both", lambda s: s["jumps"] == [] and s["effects"] == [])
    chord("ctrl", "z")
    ed.wait("one Ctrl+Z brings both back", lambda s: s["jumps"] == [[3, 20]] and len(s["effects"]) == 1)


if __name__ == "__main__":
    main()
