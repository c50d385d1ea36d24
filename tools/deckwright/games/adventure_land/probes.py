PROBES: dict = {}
