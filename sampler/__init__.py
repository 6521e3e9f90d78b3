"""vlp.sampler: top-down generation of problems with certified unique shortest proofs."""

from .certify import CertificationError, certify, overlap_failures, recheck
from .config import CONNECTIONS, OVERLAPS, QUERY_KINDS, SETTINGS, SamplerConfig, derive_seed
from .dataset import Job, paper_jobs, read_problems, shard, single_jobs, write_dataset
from .generate import Counters, ProblemBuilder, SelfCheckError, Spec, generate_problem
from .problem import AxiomRecord, Certificate, EdgeRecord, Problem

__all__ = [
    "AxiomRecord", "CONNECTIONS", "Certificate", "CertificationError", "Counters", "EdgeRecord",
    "Job", "OVERLAPS", "Problem", "ProblemBuilder", "QUERY_KINDS", "SETTINGS", "SamplerConfig",
    "SelfCheckError", "Spec", "certify", "derive_seed", "generate_problem", "overlap_failures",
    "paper_jobs", "read_problems", "recheck", "shard", "single_jobs", "write_dataset",
]
