#!/usr/bin/env python3
"""Copies a lesson live with `koch practice` on a pseudo-terminal, as a learner at the keyboard
would: each group of COPY.txt typed a little after the group has sounded.

    live-receive.py KEY.json COPY.txt -- KOCH practice --key KEY.json --sound-device null ...

It waits for the session's screen ("Space pauses"), then types group N of the copy 0.4 s after
the key's group N ends, and passes koch's exit status on. Needs no sound card: the null device
plays in real time.
"""
import json
import os
import pty
import select
import sys
import time

separator = sys.argv.index("--")
key_path, copy_path = sys.argv[1:separator]
command = sys.argv[separator + 1:]
groups = json.load(open(key_path))["groups"]
typed = open(copy_path).read().split()

pid, terminal = pty.fork()
if pid == 0:
    os.execvp(command[0], command)

output = b""
started = None
plan = [(group["endSeconds"] + 0.4, text.lower()) for group, text in zip(groups, typed)]
while True:
    ready, _, _ = select.select([terminal], [], [], 0.05)
    if ready:
        try:
            chunk = os.read(terminal, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    if started is None and b"Space pauses" in output:
        started = time.monotonic()
    while started is not None and plan and time.monotonic() - started >= plan[0][0]:
        os.write(terminal, plan.pop(0)[1].encode())
_, status = os.waitpid(pid, 0)
text = output.decode(errors="replace")
if os.waitstatus_to_exitcode(status) != 0:
    sys.stderr.write(text[-2000:])
sys.exit(os.waitstatus_to_exitcode(status))
