"""Application layer: one module per command job. Each finds its packs, loads each once, hands the Pack
to the stages and settles their findings with one policy (`runs.driver`); commands are thin adapters."""
