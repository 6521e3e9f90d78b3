"""Hypothesis profiles shared by tests/ and proofs/.

`quick` (default, used by CI) keeps the whole suite within a few minutes on 2 cores;
`thorough` runs many more examples: `pytest --hypothesis-profile=thorough`.
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    # derandomized: the suite (and CI) gives the same verdict on every run; the thorough
    # profile explores afresh
    "quick", max_examples=25, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("quick")
