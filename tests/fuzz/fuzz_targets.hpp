// fuzz_targets.hpp: one entry per kind of file or argument the host parses from a user or a
// shared record. Each takes one input, drives the host's own parsing and checking code on it
// (in-process, as `bopp` would), and throws host::Error when the host rejects it.
#pragma once

#include <string_view>

namespace bopp::fuzz {

// Loads what the entries share (the plugins, a scratch folder), so that no input is charged for
// it against the time limit.
void prepare_targets();

// An experiment file: parsed, checked against the host's sections, resolved against the
// schemas of the plugins built beside the tests, written back as TOML (`bopp run`).
void fuzz_experiment(std::string_view input);

// One `--set` (and `--unset`) argument, for `bopp run` and `bopp eval`, applied to a valid
// experiment and resolved.
void fuzz_set_option(std::string_view input);

// A bench grid file, checked against the plugins' schemas and expanded into its runs
// (`bopp bench`).
void fuzz_bench_grid(std::string_view input);

// A points file for `bopp eval --points`, read for 1, 2 or 3 dimensions.
void fuzz_points(std::string_view input);

// A bench folder holding one run record, given as files after "@@ NAME" lines (index.json,
// run.json, evaluations.jsonl, batches.jsonl, experiment.toml): read back and reported as
// `bopp report` does, and checked for resumption as `bopp bench` does.
void fuzz_run_record(std::string_view input);

// What a `command` objective's program printed: its standard output, then, after a line
// "@@ stderr", its standard error. The output goes through the objective's own parser of its
// last line; both, as the failure message that quotes them, through the record's evaluation
// line, written and read back.
void fuzz_command_output(std::string_view input);

// A saved optimizer (`bopp.Optimizer.save`, `host::Optimizer::save`): loaded as
// `Optimizer.load` does, its algorithm's state restored by its plugin; a loaded one then asks a
// point, is told a value and is saved again.
void fuzz_saved_optimizer(std::string_view input);

}  // namespace bopp::fuzz
