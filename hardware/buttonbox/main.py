# companion button box — MicroPython firmware for a Raspberry Pi Pico (RP2040).
#
# Buttons between a GPIO and GND (internal pull-ups). Each edge is stamped with
# time.ticks_us() inside a *hard* pin interrupt (a soft one runs when the main loop gets
# round to it, which would blur a race by up to milliseconds) and sent over USB serial:
#     P <name> <t_us>   press        R <name> <t_us>   release
# The host sends "PING <seq>" (answered "PONG <seq> <t_us>") and "HELLO?". See
# companion/devices/serialbox.py for the protocol; BUTTONS below maps pins to names.
#
# Contacts bounce: the first edge after a quiet spell flips the button's state (a press
# stays a press even if the contact has bounced open again by the time the interrupt
# runs); edges in the LOCKOUT_US after it are chatter. The main loop compares the reported
# state with the pin once the lockout is over and reports what chatter hid (a tap shorter
# than the lockout).
import array
import select
import sys
import time

import machine
import micropython
from machine import Pin

PROTOCOL = "companion-buttons"
VERSION = 1
WRAP_US = 1 << 30  # MicroPython's ticks_us() period
BUTTONS = (("p0", 2), ("p1", 3), ("p2", 4), ("p3", 5), ("p4", 6), ("p5", 7), ("ok", 8))
LOCKOUT_US = 5_000  # the host debounces too; this only thins out contact chatter
RING = 64  # edges waiting for the main loop
MAX_LINE = 80

micropython.alloc_emergency_exception_buf(100)
# Everything the interrupt touches is allocated here: a hard interrupt may not allocate.
ring_t = array.array("i", [0] * RING)  # edge time, ticks_us
ring_b = bytearray(RING)  # button index
ring_k = bytearray(RING)  # 1 press, 0 release
pos = array.array("i", [0, 0])  # [head: the interrupt writes, tail: the main loop reads]
dropped = array.array("i", [0])  # edges lost to a full ring
pressed = bytearray(len(BUTTONS))  # the state last reported, per button
last_us = array.array("i", [0] * len(BUTTONS))  # time of the last reported edge
pins = []


def record(index, t, kind):
    """Queue an edge (interrupt-safe: no allocation)."""
    head = pos[0]
    after = (head + 1) % RING
    if after == pos[1]:
        dropped[0] += 1
        return
    ring_t[head] = t
    ring_b[head] = index
    ring_k[head] = kind
    pressed[index] = kind
    last_us[index] = t
    pos[0] = after


def in_lockout(index, now):
    return 0 <= time.ticks_diff(now, last_us[index]) < LOCKOUT_US


def make_handler(index):
    def handler(_pin):
        t = time.ticks_us()
        if not in_lockout(index, t):
            record(index, t, 1 - pressed[index])
    return handler


def setup():
    for index, (_name, number) in enumerate(BUTTONS):
        pin = Pin(number, Pin.IN, Pin.PULL_UP)
        pins.append(pin)
        pressed[index] = 1 if pin.value() == 0 else 0
        last_us[index] = time.ticks_add(time.ticks_us(), -LOCKOUT_US)
        pin.irq(handler=make_handler(index), trigger=Pin.IRQ_FALLING | Pin.IRQ_RISING,
                hard=True)


def reconcile():
    """Report a state the lockout hid, once the lockout is over."""
    now = time.ticks_us()
    for index, pin in enumerate(pins):
        level = 1 if pin.value() == 0 else 0
        if level != pressed[index] and not in_lockout(index, now):
            state = machine.disable_irq()
            if level != pressed[index]:
                record(index, now, level)
            machine.enable_irq(state)


def drain(write):
    while pos[1] != pos[0]:
        tail = pos[1]
        kind = "P" if ring_k[tail] else "R"
        write(f"{kind} {BUTTONS[ring_b[tail]][0]} {ring_t[tail]}\n")
        pos[1] = (tail + 1) % RING


def hello(write):
    write(f"HELLO {PROTOCOL} {VERSION} buttons={len(BUTTONS)} wrap={WRAP_US}\n")


class LineReader:
    """Characters from the host into lines; an overlong line is dropped whole."""

    def __init__(self):
        self.line = ""
        self.overlong = False

    def feed(self, ch):
        if ch == "\n":
            line, overlong = self.line, self.overlong
            self.line, self.overlong = "", False
            return None if overlong else line.strip()
        if len(self.line) < MAX_LINE:
            self.line += ch
        else:
            self.overlong = True
        return None


def answer(line, write):
    words = line.split()
    if len(words) == 2 and words[0] == "PING" and words[1].isdigit() and len(words[1]) <= 10:
        write(f"PONG {words[1]} {time.ticks_us()}\n")
    elif words == ["HELLO?"]:
        hello(write)


def main():
    setup()
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    write = sys.stdout.write
    reader = LineReader()
    hello(write)
    while True:
        drain(write)
        reconcile()
        if poll.poll(1):
            line = reader.feed(sys.stdin.read(1))
            if line:
                answer(line, write)


if __name__ == "__main__":
    main()
