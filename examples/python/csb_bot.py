#!/usr/bin/env python3
"""A Coders Strike Back bot in Python: both pods drive at their next checkpoint, aiming off by
three times their speed to cancel drift, slowing when facing away. The protocol is in
docs/protocol.md; play it with
    botsim arena --game csb --p1 "python3 examples/python/csb_bot.py" --p2 builtin:racer
"""
import math
import sys

laps = int(input())
checkpoints = [tuple(map(int, input().split())) for _ in range(int(input()))]

turn = 0
while True:
    try:
        # Our two pods first, then the opponent's: x y vx vy angle nextCheckPointId.
        pods = [list(map(int, input().split())) for _ in range(4)]
    except EOFError:
        break
    # stderr before the orders: the arena files it under this turn (docs/protocol.md).
    print(f"turn {turn}: pods at {pods[0][:2]} and {pods[1][:2]}", file=sys.stderr)
    for x, y, vx, vy, angle, next_cp in pods[:2]:
        cx, cy = checkpoints[next_cp]
        # Where the pod points (angle -1 before its first turn) against where it should go.
        heading = math.degrees(math.atan2(cy - y, cx - x)) % 360
        off = 0 if angle < 0 else abs((heading - angle + 180) % 360 - 180)
        thrust = 0 if off > 90 else 200 if off < 30 else 100
        print(f"{cx - 3 * vx} {cy - 3 * vy} {thrust} cp {next_cp}")
    sys.stdout.flush()
    turn += 1
