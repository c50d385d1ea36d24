from __future__ import annotations

import json

from click.testing import CliRunner

from deckwright.cli import cli
from tests.conftest import ADVENTURE_LAND

ARGS = [str(ADVENTURE_LAND), "--scenario", "the-fellowship", "--players", "3", "--runs", "30", "--seed", "1"]


def test_simulate_json_reports_win_rates_lengths_and_ends(tmp_path):
    plot = tmp_path / "h.svg"
    result = CliRunner().invoke(cli, ["simulate", *ARGS, "--format", "json", "--plot", str(plot),
                                      "--policy", "greedy", "--policy", "random"], catch_exceptions=False)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["version"] == 1 and data["runs"] == 30
    assert abs(sum(data["win_rate_by_seat"]) - 1) < 1e-3
    assert set(data["win_rate_by_policy"]) == {"greedy", "random"}
    assert sum(v["count"] for v in data["end_conditions"].values()) == 30
    assert plot.read_text().startswith("<svg")


def test_simulate_is_deterministic_and_records_a_replayable_log(tmp_path):
    log = tmp_path / "game.log"
    runner = CliRunner()
    first = runner.invoke(cli, ["simulate", *ARGS, "--record", str(log)], catch_exceptions=False)
    second = runner.invoke(cli, ["simulate", *ARGS], catch_exceptions=False)
    assert first.output == second.output
    assert "win rate by seat" in first.output
    replayed = runner.invoke(cli, ["simulate", str(ADVENTURE_LAND), "--replay", str(log)], catch_exceptions=False)
    assert replayed.exit_code == 0 and replayed.output.startswith("end: ")


def test_unknown_scenario_is_a_usage_error():
    result = CliRunner().invoke(cli, ["simulate", str(ADVENTURE_LAND), "--scenario", "nope", "--players", "3"])
    assert result.exit_code == 2 and "no scenario 'nope'" in result.output


def test_simulate_plots_a_png_when_asked_for_one(tmp_path):
    from PIL import Image

    plot = tmp_path / "h.png"
    result = CliRunner().invoke(cli, ["simulate", *ARGS, "--plot", str(plot)], catch_exceptions=False)
    assert result.exit_code == 0
    with Image.open(plot) as image:
        assert image.format == "PNG"
        assert image.size[0] > image.size[1] > 100


def test_games_won_by_policy_counts_games_not_seats():
    from deckwright.engine.simulation import format_text
    from deckwright.engine.stats import summarize

    class Result:  # the fields summarize reads of a PlayoutResult
        def __init__(self, winners):
            self.winners, self.policies, self.end, self.steps = winners, ("greedy", "random"), "done", 10
            self.details, self.scores, self.violations = {"rounds": 3}, [1, 0, 1, 0], ()

    # four seats, policies cycling greedy/random; a greedy seat wins every game
    summary = summarize([Result([0]), Result([2]), Result([0])], players=4)
    assert summary["games_won_by_policy"] == {"greedy": 1.0, "random": 0.0}
    assert summary["win_rate_by_policy"]["greedy"] == 0.5  # each greedy seat wins half its games
    text = format_text({**summary, "pack": "p", "scenario": "s", "players": 4, "seed": 0, "policies": ["greedy", "random"]})
    assert "games won by policy: greedy 100.0% (2 seats, each winning 50.0%)" in text


def test_plot_has_count_axes_and_the_count_of_every_bar():
    import re

    from deckwright.engine.plot import histogram_svg

    summary = {"length_histogram": [{"low": 3, "high": 4, "count": 5}, {"low": 4, "high": 5, "count": 0},
                                    {"low": 5, "high": 6, "count": 2}],
               "score_histogram": [{"low": 0, "high": 10, "count": 14}]}
    svg = histogram_svg(summary)
    texts = re.findall(r">([^<>]+)</text>", svg)
    assert "Game length (7 games)" in texts and "Final scores (14 scores)" in texts
    assert {"games", "scores", "rounds", "score of a seat"} <= set(texts)
    assert {"5", "2", "14"} <= set(texts) and "0" in texts  # bar counts and the axes' zero
    assert svg.count('<line x1="') >= 4 + 2  # two axes a panel, and ticks


def test_a_cooperative_scenario_reports_what_the_party_won_not_seats():
    from tests.conftest import ROOT

    args = [str(ROOT / "content" / "silver-coin"), "--scenario", "ashgar-plague", "--players", "2", "--runs", "6",
            "--seed", "7", "--workers", "1"]
    text = CliRunner().invoke(cli, ["simulate", *args], catch_exceptions=False).output
    assert "the party:" in text and "win rate by seat" not in text
    data = json.loads(CliRunner().invoke(cli, ["simulate", *args, "--format", "json"], catch_exceptions=False).output)
    assert set(data["party"]) == {"won", "lost", "undecided"} and abs(sum(data["party"].values()) - 1) < 1e-3
    assert data["party"]["undecided"] == 0.0  # every end the scenario reached decides it
    standard = CliRunner().invoke(cli, ["simulate", *ARGS, "--format", "json"], catch_exceptions=False).output
    assert "party" not in json.loads(standard)  # competitive: the seats' win rates say it
    described = [str(ROOT / "content" / "examples" / "tide-pools"), "--scenario", "base", "--players", "2", "--runs", "4",
                 "--workers", "1", "--format", "json"]
    # a described game's ends decide nothing (the scoring names the winners): it is no party's game
    assert "party" not in json.loads(CliRunner().invoke(cli, ["simulate", *described], catch_exceptions=False).output)
