# companion button box — MicroPython firmware for a Raspberry Pi Pico (RP2040).
#
# Buttons between a GPIO and GND (internal pull-ups). Each edge is stamped in the pin
# interrupt with time.ticks_us() and sent as a line over USB serial:
#     P <name> <t_us>   press        R <name> <t_us>   release
# The host sends "PING <seq>" (answered "PONG <seq> <t_us>") and "HELLO?". See
# companion/devices/serialbox.py for the protocol; BUTTONS below maps pins to names.
import select
import sys
import time

import micropython
from machine import Pin

PROTOCOL = "companion-buttons"
VERSION = 1
WRAP_US = 1 << 30  # MicroPython's ticks_us() period
BUTTONS = {"p0": 2, "p1": 3, "p2": 4, "p3": 5, "p4": 6, "p5": 7, "ok": 8}
LOCKOUT_US = 5_000  # the host debounces too; this only thins out contact chatter

micropython.alloc_emergency_exception_buf(100)
events = []  # (kind, name, t_us), filled in interrupts
last_edge = {}


def hello():
    sys.stdout.write(f"HELLO {PROTOCOL} {VERSION} buttons={len(BUTTONS)} wrap={WRAP_US}\n")


def make_handler(name, pin):
    def handler(_):
        t = time.ticks_us()
        previous = last_edge.get(name)
        if previous is not None and time.ticks_diff(t, previous) < LOCKOUT_US:
            return
        last_edge[name] = t
        if len(events) < 64:
            events.append(("P" if pin.value() == 0 else "R", name, t))
    return handler


pins = []
for button_name, number in BUTTONS.items():
    p = Pin(number, Pin.IN, Pin.PULL_UP)
    p.irq(handler=make_handler(button_name, p), trigger=Pin.IRQ_FALLING | Pin.IRQ_RISING)
    pins.append(p)

poll = select.poll()
poll.register(sys.stdin, select.POLLIN)
line = ""
hello()
while True:
    while events:
        kind, name, t = events.pop(0)
        sys.stdout.write(f"{kind} {name} {t}\n")
    if poll.poll(1):
        ch = sys.stdin.read(1)
        if ch == "\n":
            words = line.split()
            if words and words[0] == "PING" and len(words) == 2:
                sys.stdout.write(f"PONG {words[1]} {time.ticks_us()}\n")
            elif words == ["HELLO?"]:
                hello()
            line = ""
        elif len(line) < 80:
            line += ch
