"""Tests of scripts/lib/soak_rss.py, which judges scripts/soak's samples: run by scripts/test.

python3 -m unittest discover -s scripts/tests
"""

import contextlib
import io
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))

import soak_rss  # noqa: E402

MIB = 2**20


def samples_csv(samples):
    return "seconds,rss_bytes\n" + "".join(f"{at},{rss}\n" for at, rss in samples)


# A run row as cachebench writes it (only the columns the check reads), with every path taken.
GOOD_ROW = {
    "requests": "1000",
    "hits": "700",
    "joins": "50",
    "leaders": "230",
    "errors": "10",
    "cancellations": "10",
    "invalidations": "12",
    "evictions": "200",
    "interrupted": "false",
    "undrained_clients": "0",
    "retained_bytes": "-4096",
}


class SamplesTests(unittest.TestCase):
    def test_samples_are_read_with_fractional_seconds_in_file_order(self):
        text = samples_csv([(0.015, 1097728), (1.032, 59084800)])
        self.assertEqual(soak_rss.read_samples(io.StringIO(text)), [(0.015, 1097728), (1.032, 59084800)])

    def test_rss_at_a_time_is_the_last_sample_taken_by_then(self):
        samples = [(59.9, 10), (60.8, 20), (61.9, 30)]
        self.assertEqual(soak_rss.rss_at(samples, 60), 10)
        self.assertEqual(soak_rss.rss_at(samples, 61), 20)
        self.assertIsNone(soak_rss.rss_at(samples, 10))

    def test_the_warm_up_is_a_tenth_of_the_run_between_ten_seconds_and_a_minute(self):
        self.assertEqual(soak_rss.warm_up_seconds(32), 10)
        self.assertEqual(soak_rss.warm_up_seconds(300), 30)
        self.assertEqual(soak_rss.warm_up_seconds(605), 60)

    def test_samples_before_the_warm_up_ends_are_left_out(self):
        samples = [(float(t), 100 + t) for t in range(0, 33)]
        kept = soak_rss.after_warm_up(samples)
        self.assertEqual(kept[0], (10.0, 110))
        self.assertEqual(len(kept), 23)


class GrowthAndTrendTests(unittest.TestCase):
    def test_growth_is_the_highest_sample_over_the_first(self):
        first, highest, grown = soak_rss.growth([(10, 100), (11, 112), (12, 105)])
        self.assertEqual((first, highest), (100, 112))
        self.assertAlmostEqual(grown, 0.12)

    def test_a_steady_rise_gives_its_rise_over_the_mean(self):
        # 1 MiB a second for 20 s around a mean of 100 MiB: the fitted line rises 20 MiB, 20%.
        samples = [(float(t), (90 + t) * MIB) for t in range(0, 21)]
        slope, span, mean, rise = soak_rss.trend(samples)
        self.assertAlmostEqual(slope, MIB)
        self.assertEqual(span, 20)
        self.assertAlmostEqual(mean, 100 * MIB)
        self.assertAlmostEqual(rise, 0.20)

    def test_noise_symmetric_about_a_flat_level_has_no_trend(self):
        samples = [(float(t), (100 * MIB) + (MIB if t % 2 else -MIB)) for t in range(0, 21)]
        self.assertAlmostEqual(soak_rss.trend(samples)[3], 0.0)

    def test_samples_all_at_one_time_have_no_slope(self):
        self.assertEqual(soak_rss.trend([(5.0, 10), (5.0, 20)])[0], 0.0)


class RunProblemsTests(unittest.TestCase):
    def test_a_whole_run_that_took_every_path_has_no_problem(self):
        self.assertEqual(soak_rss.run_problems(GOOD_ROW), [])

    def test_an_interrupted_run_an_abandoned_client_and_a_broken_identity_are_each_named(self):
        row = dict(GOOD_ROW, interrupted="true", undrained_clients="2", hits="699")
        problems = soak_rss.run_problems(row)
        self.assertEqual(len(problems), 3)
        self.assertIn("interrupted is 'true'", problems[0])
        self.assertIn("undrained_clients is '2'", problems[1])
        self.assertIn("requests 1000 != hits + joins + leaders + errors + cancellations 999", problems[2])

    def test_memory_the_window_left_allocated_beyond_the_limit_is_named(self):
        at_limit = dict(GOOD_ROW, retained_bytes=str(soak_rss.RETAINED_LIMIT))
        self.assertEqual(soak_rss.run_problems(at_limit), [])
        self.assertEqual(
            soak_rss.run_problems(dict(GOOD_ROW, retained_bytes="600000")),
            ["retained_bytes is 600000, more than 524288: something outlived the window"],
        )
        self.assertEqual(
            soak_rss.run_problems(dict(GOOD_ROW, retained_bytes="n/a")),
            [
                "retained_bytes is 'n/a': not measured (cachebench's notes on stderr say why:"
                " a build without jemalloc, or worker threads whose allocator caches were not flushed)"
            ],
        )

    def test_a_path_the_profile_did_not_take_is_named(self):
        for name in soak_rss.EXERCISED:
            row = dict(GOOD_ROW, **{name: "0"})
            if name in ("errors", "cancellations"):
                row["hits"] = str(int(row["hits"]) + int(GOOD_ROW[name]))
            with self.subTest(name=name):
                self.assertEqual(
                    soak_rss.run_problems(row), [f"{name} is '0': the profile did not exercise it"]
                )


class CommandTests(unittest.TestCase):
    def run_main(self, samples, *options, row=None):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "rss.csv")
            with open(path, "w", encoding="utf-8") as file:
                file.write(samples_csv(samples))
            arguments = [path, *options]
            if row is not None:
                run = os.path.join(directory, "run.csv")
                with open(run, "w", encoding="utf-8", newline="") as file:
                    file.write(",".join(row) + "\r\n" + ",".join(row.values()) + "\r\n")
                arguments += ["--run", run]
            output = io.StringIO()
            with contextlib.redirect_stdout(output), contextlib.redirect_stderr(io.StringIO()):
                status = soak_rss.main(arguments)
            return status, output.getvalue()

    def test_a_flat_ten_minute_run_prints_the_three_minutes_and_passes(self):
        samples = [(float(t), (80 if t < 5 else 100) * MIB) for t in range(0, 606)]
        status, output = self.run_main(samples, "--max-trend", "0.02", row=GOOD_ROW)
        self.assertEqual(status, 0, output)
        self.assertIn("rss at  1 min: 100.0 MiB", output)
        self.assertIn("rss at  5 min: 100.0 MiB", output)
        self.assertIn("rss at 10 min: 100.0 MiB", output)
        self.assertIn("rss after 60s warm-up: 100.0 MiB, max 100.0 MiB (+0.0%; bound 10%)", output)

    def test_growth_beyond_ten_percent_fails(self):
        samples = [(float(t), (100 if t < 20 else 111) * MIB) for t in range(0, 32)]
        self.assertEqual(self.run_main(samples)[0], 1)

    def test_a_trend_beyond_its_bound_fails_though_growth_is_within_ten_percent(self):
        samples = [(float(t), 100 * MIB + t * 100 * 1024) for t in range(0, 32)]
        self.assertEqual(self.run_main(samples)[0], 0)
        status, output = self.run_main(samples, "--max-trend", "0.01")
        self.assertEqual(status, 1, output)

    def test_a_bad_run_row_fails_with_its_own_status_whatever_rss_did(self):
        flat = [(float(t), 100 * MIB) for t in range(0, 32)]
        status, output = self.run_main(flat, row=dict(GOOD_ROW, undrained_clients="1"))
        self.assertEqual(status, 2)
        self.assertIn("run: undrained_clients is '1', not '0'", output)
        grown = [(float(t), (100 if t < 20 else 111) * MIB) for t in range(0, 32)]
        self.assertEqual(self.run_main(grown, row=dict(GOOD_ROW, undrained_clients="1"))[0], 2)
        self.assertEqual(self.run_main(grown, row=GOOD_ROW)[0], 1)

    def test_a_run_too_short_to_judge_is_unusable_input(self):
        self.assertEqual(self.run_main([(0.0, MIB), (1.0, MIB)])[0], 64)


if __name__ == "__main__":
    unittest.main()
