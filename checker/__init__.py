"""vlp.checker: forward chaining, shortest proofs, program files (and transcript checks)."""

from .chaining import (
    STRATEGIES,
    Chart,
    Hyperedge,
    NumericalInconsistencyError,
    forward_chain,
    last_time,
    overlap_priority,
    union_targets,
)
from .programfile import ProgramFile, load_program, parse_program_json
from .shortest import NoProofError, ShortestProof, Solution, goal_of, shortest_proof, solve

__all__ = [
    "STRATEGIES", "Chart", "Hyperedge", "NoProofError", "NumericalInconsistencyError",
    "ProgramFile", "ShortestProof", "Solution", "forward_chain", "goal_of", "last_time",
    "load_program", "overlap_priority", "parse_program_json", "shortest_proof", "solve",
    "union_targets",
]

# transcript verification (verify-proof, vlp.verify)
from .metrics import Metrics  # noqa: E402
from .report import Report, render_report  # noqa: E402
from .verdicts import Status, StepVerdict  # noqa: E402
from .verify import ProblemSpec, problem_spec, verify  # noqa: E402

__all__ += [
    "Metrics", "ProblemSpec", "Report", "Status", "StepVerdict", "problem_spec",
    "render_report", "verify",
]
