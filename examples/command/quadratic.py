#!/usr/bin/env python3
"""A stand-in for an expensive program: reads a point as JSON on stdin, prints y last."""
import json
import random
import sys

point = json.load(sys.stdin)
noise = random.Random(point["seed"]).gauss(0.0, 0.01)  # reproducible: seeded by the host
print("evaluating", point["x"], file=sys.stderr)
print(sum(v * v for v in point["x"]) + noise)
