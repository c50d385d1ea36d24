"""Fixtures: the mini pack in tmp_path (`pack`) and the CLI run there (`run`)."""

from tests.minipack import pack, run

__all__ = ["pack", "run"]
