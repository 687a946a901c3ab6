"""Write the README's benchmark figures from a `companion bench` run (never typed by hand).

    .venv/bin/python scripts/bench_figures.py            # runs `companion bench`, rewrites
    .venv/bin/python scripts/bench_figures.py rows.jsonl # or takes saved JSON lines

Replaces the block between the `bench:begin` and `bench:end` markers in README.md with a
table of the issue-16 figures (and the durable commit's): name, value, unit and the
comparison measured in the same run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"
# figure → the keys shown beside it (its comparison, same run)
FIGURES = {
    "race_correct_fraction": ("naive", "constant_settle_0_05s", "timestamp_error_p99_s",
                              "delivery_delay_max_s"),
    "serial.clock_map_error_us": ("median", "no_drift_term_p99", "drift_ppm"),
    "oled.wire_bytes.ssd1306.real_game_ladder_step": ("p90", "steps", "stock_luma"),
    "oled.wire_bytes.sh1106.real_game_ladder_step": ("p90", "steps", "stock_luma"),
    "howruck.random_rounds_per_s": ("rounds", "goal"),
    "daemon.first_frame_ratio": ("first_frame_s", "bare_python_s", "first_screen_s",
                                 "first_screen_ratio", "first_start_ever_s"),
    "daemon.press_to_result_us": ("median", "p99_display_off", "ratio"),
    "daemon.rss_idle_mb": (),
    "daemon.rss_evening_mb": ("idle_mb", "ratio", "actions", "games", "phones"),
    "web.cpu_ms_per_post": ("runs", "asking_each_change", "back_to_back", "machine_wake_us",
                            "machine_job_us", "posts", "phones", "paired", "phone_fetches"),
    "sessions.commit_action_ms": ("median", "sqlite_default_wal_median", "cpu_us_median",
                                  "sqlite_default_wal_cpu_us_median"),
}


def table(rows: list[dict]) -> str:
    by_name = {row["name"]: row for row in rows}
    lines = ["| figure | value | unit | beside it, same run |", "|---|---|---|---|"]
    for name, keys in FIGURES.items():
        row = by_name.get(name)
        if row is None:
            continue
        extra = ", ".join(f"{key} {row[key]}" for key in keys if key in row)
        lines.append(f"| `{name}` | {row['value']} | {row['unit']} | {extra} |")
    stamp = datetime.now(UTC).strftime("%Y-%m-%d")
    return "\n".join([f"Written by `scripts/bench_figures.py` from `companion bench` on {stamp}"
                      " (this machine, not a Pi; rerun it to refresh):", "", *lines])


def main(argv: list[str]) -> int:
    if argv:
        text = Path(argv[0]).read_text()
    else:
        names = ["race", "serial", "oled.wire_bytes.real_game", "howruck", "daemon",
                 "web.cpu"]
        text = subprocess.run([sys.executable, "-m", "companion", "bench", *names],
                              check=True, capture_output=True, text=True, cwd=ROOT).stdout
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    readme = ROOT / "README.md"
    content = readme.read_text()
    head, rest = content.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    readme.write_text(f"{head}{BEGIN}\n{table(rows)}\n{END}{tail}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
