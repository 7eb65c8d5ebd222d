extension CommandHelp {
    /// Every command, in the overview's order.
    static let all: [CommandHelp] = [run, trace, validate, sweep, merge, compare, select, fit, fingerprints, list, schema, columns, version, help]

    private static let jobs = Option("--jobs", "N", "worker threads, 1 … 1024 (default: the number of cores); the reports are byte-identical for any N")
    private static let runsFormat = Option("--runs", "csv|gzip|none",
                                           "the per-run rows: runs.csv, runs.csv.gz, or none (default csv)")
    private static let quiet = Option("--quiet", nil,
                                      "no progress line on stderr (it appears only when stderr is a terminal and CI is unset)")
    private static let figureSize = Option("--figure-size", "column|text|WxH", "the physical size the figures are drawn at: column (3.5 in wide), "
                                            + "text (7 in wide) or WxH in inches (e.g. 3.5x2.6; width 2 … 40, height 1.5 … 40); text is 8 pt, "
                                            + "titles 9 pt, at that size in the PDF (whose page it is), the PNG (150 pixels per inch) and the SVG "
                                            + "(default text; without a height, the panels set it)")
    private static let allowLarge = Option("--allow-large", nil,
                                           "run even when the size estimate (pushsim validate prints it) passes a limit: memory beyond what "
                                           + "the machine has available, more than 3e10 events in all (hours), reports beyond the free disk "
                                           + "(refused by default, exit 2, naming the key that asks for it; docs/model.md, Limits)")

    private static let strategy = Option("--strategy", "KIND[:JSON]",
                                         "add a client strategy to the scenario's, after them, without editing FILE; repeatable. KIND alone "
                                         + "takes every parameter's default; KIND:{…} a JSON object of its parameters and report \"name\" "
                                         + "(default: the kind), e.g. polling:{\"interval\": \"5m\"}. A scenario FILE only (a sweep "
                                         + "file's \"strategies\" key replaces its base's); run records them in meta.json (added_strategies)")

    static let run = CommandHelp(
        name: "run",
        synopsis: ["run FILE [--replications N] [--seed S] [--strategy KIND[:JSON]]... [--out DIR] [--jobs N] [--shuffle-ties SEED] "
                   + "[--runs csv|gzip|none] [--messages csv|gzip|none] [--figure-size column|text|WxH] [--no-plot] [--quiet] [--allow-large]"],
        summary: "run a scenario: reports, plots and the summary table",
        description: "Runs every replication of every variant × strategy of the scenario FILE, writes runs.csv (see --runs), "
            + "summary.csv, paired.csv, meta.json, plot.gp and, with --messages, messages.csv into DIR, prints the summary table (per "
            + "variant and strategy: convergence rate with its 95% interval, pulls, stale screen time, freshness p95, convergence "
            + "times) and, with gnuplot on PATH, draws compare.svg/png/pdf (the strategies side by side per variant, each measure "
            + "with its interval) and cost.svg/png/pdf (pulls against staleness, the Pareto front marked). Reports are written under temporary names "
            + "and renamed into place; bad input writes nothing, and so does a scenario larger than the machine can run "
            + "(see --allow-large). A sweep file is run with pushsim sweep.",
        options: [
            Option("--replications", "N", "replications of each variant × strategy, 1 … 100000000 (default: the scenario's \"replications\")"),
            Option("--seed", "S", "the scenario seed, an unsigned 64-bit integer (default: the scenario's \"seed\")"),
            strategy,
            Option("--out", "DIR", "the results folder (default Results/<scenario name>)"),
            jobs,
            Option("--shuffle-ties", "SEED", "run equal-time events in an order drawn from SEED instead of first-in first-out "
                   + "(a check of what depends on tie order; recorded in meta.json); default: FIFO"),
            Option("--no-plot", nil, "do not draw the plots (by default, when gnuplot is on PATH, plot.gp is drawn into "
                   + "compare.svg/png/pdf and cost.svg/png/pdf)"),
            figureSize,
            runsFormat,
            Option("--messages", "csv|gzip|none", "also a row per message per device per run: messages.csv, messages.csv.gz, or "
                   + "none (default none; not for fleets). Each run is then run in a fresh, traced world: slower, the same results"),
            quiet, allowLarge,
        ],
        examples: ["run Scenarios/push-hint-study.json",
                   "run Scenarios/push-hint-study.json --replications 200 --seed 7 --out /tmp/study",
                   "run Scenarios/push-hint-study.json --strategy recommended --strategy 'polling:{\"interval\": \"5m\", \"name\": \"poll5\"}'",
                   "run Scenarios/push-hint-study.json --shuffle-ties=1 --runs=none --quiet",
                   "run Scenarios/push-hint-study.json --figure-size column --out /tmp/paper"])

    static let trace = CommandHelp(
        name: "trace",
        synopsis: ["trace FILE [--point N] [--variant V] [--strategy S] [--replication R] [--format jsonl|text|svg] [--out PATH] "
                   + "[--seed S] [--shuffle-ties SEED]"],
        summary: "one run's events: JSON Lines, text or an SVG sequence chart",
        description: "Runs one run of the scenario FILE (or of one point of a sweep FILE) exactly as pushsim run (sweep) "
            + "computes it and prints every event, its cause and what happened in it, and the run's event fingerprint; "
            + "--format svg draws it as a sequence chart (a lane per actor, an arrow per push copy, pulls, and the "
            + "client's cursor against the server's).",
        options: [
            Option("--point", "N", "for a sweep FILE, the point, 0 … points − 1 (default 0)"),
            Option("--variant", "V", "the variant, by name (default: the first)"),
            Option("--strategy", "S", "the strategy, by name (default: the first)"),
            Option("--replication", "R", "the replication, 0 … replications − 1 (default 0)"),
            Option("--format", "jsonl|text|svg", "JSON Lines, one event a line, a text timeline, or an SVG sequence chart (default jsonl)"),
            Option("--out", "PATH", "write the trace to PATH (default: standard output)"),
            Option("--seed", "S", "the scenario seed (default: the scenario's \"seed\")"),
            Option("--shuffle-ties", "SEED", "equal-time events in the order pushsim run --shuffle-ties SEED uses (default: FIFO)"),
        ],
        examples: ["trace Scenarios/push-hint-study.json --format text",
                   "trace Scenarios/push-hint-study.json --variant lossy --strategy hintPull --format svg --out /tmp/run.svg",
                   "trace Scenarios/sweeps/loss-rate.json --point 3 --replication 2 --format svg --out /tmp/point3.svg"])

    static let validate = CommandHelp(
        name: "validate",
        synopsis: ["validate FILE [--strategy KIND[:JSON]]..."],
        summary: "check a scenario or sweep file without running it",
        description: "Decodes the scenario FILE, or the sweep FILE (one whose top level has \"axes\" or \"base\") with "
            + "every point it expands to, without running anything. Prints FILE: ok with the counts and the size estimate "
            + "(events, memory with one worker, bytes of reports), or the first problem with its JSON path (exit 2).",
        options: [strategy],
        examples: ["validate Scenarios/push-hint-study.json", "validate Scenarios/sweeps/loss-rate.json",
                   "validate Scenarios/push-hint-study.json --strategy recommended --strategy 'polling:{\"interval\": \"5m\"}'"])

    static let sweep = CommandHelp(
        name: "sweep",
        synopsis: ["sweep FILE [--out DIR] [--jobs N] [--shard K/N] [--target-halfwidth W] [--max-replications M] "
                   + "[--replications N] [--seed S] [--runs csv|gzip|none] [--messages csv|gzip|none] [--allow-other-build] "
                   + "[--figure-size column|text|WxH] [--no-plot] [--quiet] [--allow-large]"],
        summary: "run (or resume) a parameter study",
        description: "Runs every point of the sweep FILE (its base scenario with each axis set to one of its values) "
            + "into DIR/points/, then assembles runs.csv (see --runs), messages.csv (see --messages), summary.csv, "
            + "paired.csv, meta.json and plot.gp in DIR, prints the summary table per point, variant and strategy, and "
            + "with gnuplot on PATH draws compare.svg/png/pdf (each measure against the first axis, strategies overlaid) "
            + "and cost.svg/png/pdf (the cost against staleness, the Pareto front marked). Rerun with the same file and "
            + "options, it resumes: finished points are kept and the reports end byte-identical to an uninterrupted run's "
            + "(another --figure-size redraws the figures only). A scenario file is run with pushsim run.",
        options: [
            Option("--out", "DIR", "the results folder (default Results/<sweep name>)"),
            jobs,
            Option("--shard", "K/N", "compute only the points whose index is K − 1 modulo N, 1 ≤ K ≤ N (then pushsim merge "
                   + "the shards' folders); default 1/1"),
            Option("--target-halfwidth", "W", "adaptive replications: add replications to a point until every 95% "
                   + "interval's half-width is at most W, in (0, 0.5); default: the fixed replications"),
            Option("--max-replications", "M", "with --target-halfwidth, at most M replications per point (default 100000)"),
            Option("--replications", "N", "replications per point (default: the sweep's \"replications\", else its base's)"),
            Option("--seed", "S", "the seed of every point (default: the sweep's \"seed\", else its base's)"),
            Option("--allow-other-build", nil, "resume even though the saved points were computed by another build of "
                   + "pushsim (by default a rebuilt binary refuses to mix its results with theirs)"),
            Option("--no-plot", nil, "do not draw the plots (by default, when gnuplot is on PATH, plot.gp is drawn into "
                   + "compare.svg/png/pdf and cost.svg/png/pdf)"),
            figureSize,
            runsFormat,
            Option("--messages", "csv|gzip|none", "also a row per message per device per run of every point: messages.csv, "
                   + "messages.csv.gz, or none (default none; not for fleets), each row headed by its runs.csv row's run_id, point "
                   + "and axes. Each run is then run in a fresh, traced world: slower, the same results"),
            quiet, allowLarge,
        ],
        examples: ["sweep Scenarios/sweeps/loss-rate.json",
                   "sweep Scenarios/sweeps/loss-rate.json --shard 2/4 --out /tmp/loss-rate-2",
                   "sweep Scenarios/sweeps/loss-rate.json --target-halfwidth=0.02 --max-replications=5000"])

    static let merge = CommandHelp(
        name: "merge",
        synopsis: ["merge DIR... [--out DIR] [--allow-other-build] [--figure-size column|text|WxH] [--no-plot]"],
        summary: "combine the folders of sharded sweep runs",
        description: "Copies the finished points of the folders of pushsim sweep --shard runs into one folder and "
            + "assembles the reports once every point is there, printing the summary table as pushsim sweep does; exit 1 saying how many points are still missing. "
            + "Folders of different sweeps (or swept with different --runs or --messages) are refused (exit 2).",
        options: [Option("--out", "DIR", "the folder to assemble into (default: the first DIR)"),
                  Option("--allow-other-build", nil, "merge shards computed by different builds of pushsim (refused by default)"),
                  figureSize,
                  Option("--no-plot", nil, "do not draw the merged plots (drawn by default when gnuplot is on PATH)")],
        examples: ["merge /tmp/loss-rate-1 /tmp/loss-rate-2 --out Results/loss-rate"])

    static let compare = CommandHelp(
        name: "compare",
        synopsis: ["compare BASELINE.csv NEW.csv [--alpha A] [--power P] [--detect D] [--intervals]",
                   "compare A/runs.csv B/runs.csv --paired [--alpha A]",
                   "compare A/runs.csv B/runs.csv --fingerprints",
                   "compare SIMULATED.csv MEASURED.csv --measured COLUMN [--column NAME] [--variant V] [--strategy S] "
                   + "[--threshold T] [--alpha A] [--out DIR [--figure-size column|text|WxH]]"],
        summary: "did rates, means, runs or fingerprints move? or vs measured",
        description: "Given two summary.csv files, every cell's every rate by the two-proportion test and every mean with a 95% "
            + "interval by Welch's t-test (its standard error from the interval), all one family at --alpha by Holm's step-down "
            + "procedure; prints the tests that moved (or the most significant ones), ranked by p then effect size, each with its "
            + "change, 95% interval and Cohen's h or d, and what it did not test; exit 1 when a test moved or a baseline cell is "
            + "missing. --paired compares two runs.csv files of the same runs; "
            + "--fingerprints their event fingerprints. --measured puts a column of one cell of a runs.csv or messages.csv next to measured "
            + "samples: both quantile tables, the two-sample Kolmogorov-Smirnov distance and p-value (exit 1 below --alpha), "
            + "the share above --threshold with 95% intervals, and with --out a Q-Q plot. runs.csv.gz files are read too. A file that is not what the mode "
            + "reads, has no rows, or holds an impossible value (converged above replications, an inverted or NaN interval, "
            + "a cell twice) exits 2 naming the file, row and column.",
        options: [
            Option("--alpha", "A", "the family-wise significance level, in (0, 1) (default 0.001): over every test of the "
                   + "comparison by Holm's step-down procedure (summaries and --paired); with --measured, the KS test's level"),
            Option("--power", "P", "the power, in (0, 1), at which compare reports the smallest change each cell could "
                   + "detect, and --detect chooses its level (default 0.8)"),
            Option("--detect", "D", "a change of convergence rate, in (0, 1), that must not go unnoticed: each cell's "
                   + "convergence-rate test also moves below the larger of --alpha and the level that flags D with power P, at "
                   + "most 0.05 (a cell that needs more is named and not raised); more false alarms: their expected number is printed"),
            Option("--intervals", nil, "also list every 95% interval that no longer overlaps its baseline (exit 1)"),
            Option("--paired", nil, "the same runs paired (e.g. FIFO and shuffled ties, or one seed before and after a change): "
                   + "a sign test of every cell's every numeric column with the mean paired difference, its 95% interval and d_z, "
                   + "family-wise at alpha by Holm; exit 1 naming what moved, most significant first"),
            Option("--fingerprints", nil, "exit 1 naming every run whose event fingerprints differ (either file may be "
                   + "a fingerprint list from pushsim fingerprints); takes no other option"),
            Option("--measured", "COLUMN", "the simulated column (of runs.csv or messages.csv) to compare with the measured samples of the "
                   + "second file; empty fields (a run that did not converge, a message that never arrived) are left out and counted"),
            Option("--column", "NAME", "with --measured: the measured file's column (default: its only column)"),
            Option("--variant", "V", "with --measured: the cell's variant (needed when the file has more than one)"),
            Option("--strategy", "S", "with --measured: the cell's strategy (needed when the file has more than one)"),
            Option("--threshold", "T", "with --measured: also the share of each side above T, with 95% Wilson intervals"),
            Option("--out", "DIR", "with --measured: write the Q-Q plot there (qq.gp; qq.svg, qq.png, qq.pdf with gnuplot)"),
            Option("--figure-size", "column|text|WxH", "with --measured and --out: the Q-Q plot's size, column, text (default) or WxH inches"),
        ],
        examples: ["compare Results/baselines/push-hint-study.summary.csv Results/push-hint-study/summary.csv --intervals",
                   "compare old/summary.csv new/summary.csv --detect 0.06 --power 0.8",
                   "compare /tmp/fifo/runs.csv /tmp/shuffled/runs.csv --paired",
                   "compare Results/baselines/fingerprints/push-hint-study.csv /tmp/study/runs.csv --fingerprints",
                   "compare Results/push-hint-study/runs.csv measured.csv --measured convergence_time_s --variant lossy "
                   + "--strategy hintPull --threshold 5 --out /tmp/qq"])

    static let select = CommandHelp(
        name: "select",
        synopsis: ["select FILE [--metric COLUMN] [--delta D] [--alpha A] [--n0 N] [--batch B] [--max-replications M] [--seed S] "
                   + "[--out DIR] [--jobs N] [--quiet]"],
        summary: "which strategy is best, with a guaranteed probability",
        description: "For each variant of the scenario FILE, selects the strategy with the best mean of a runs.csv column by "
            + "Kim and Nelson's fully sequential procedure KN (2001) on means of batches of B replications: n0 batches of "
            + "every strategy, then one more batch of every survivor at a time, eliminating a strategy once its mean trails "
            + "another's by more than a margin W that shrinks to 0. If the best is at least D better than every other, it is "
            + "selected with probability at least 1 − A on each variant. Replication r of every strategy uses the same random "
            + "streams (common random numbers), so the differences are paired. Strategies whose means are equal when every W "
            + "is 0 are tied-best; the one selected among them is the best or tied-best on the most variants, then the first "
            + "in scenario order. Prints who was eliminated when and why, and writes selection.csv and selection-meta.json "
            + "into DIR (docs/selection.md). The scenario's \"replications\" is not used. A run with no value of the metric exits 2.",
        options: [
            Option("--metric", "COLUMN", "the runs.csv column compared, its mean per strategy: converged (the convergence rate, "
                   + "higher is better; the default), or, lower is better, stale_screen_s, changes_never_reflected, "
                   + "freshness_p50_s, freshness_p95_s, regressions, notifications_stale, pulls, server_requests, bytes_pulled"),
            Option("--delta", "D", "the indifference zone: the smallest difference of means worth detecting, in M's unit "
                   + "(seconds for _s), > 0, below 1 for converged (default 0.01 for converged; needed for the others)"),
            Option("--alpha", "A", "the chance of a wrong selection allowed per variant, in (0, 1) (default 0.05)"),
            Option("--n0", "N", "first-stage batches of every strategy, 2 … 1000000 (default 20)"),
            Option("--batch", "B", "replications per batch, 1 … 10000 (default 20): KN assumes normal outputs, and a mean of "
                   + "20 runs is much closer to normal than one 0/1 run (with B = 1 and rates near 0 or 1 the promise can fail)"),
            Option("--max-replications", "M", "at most M replications per strategy and variant, whole batches, at least "
                   + "n0 × B (default 100000); survivors at the cap are undecided, without the guarantee"),
            Option("--seed", "S", "the scenario seed (default: the scenario's \"seed\")"),
            Option("--out", "DIR", "the folder of selection.csv (default Results/<scenario name>)"),
            jobs, quiet,
        ],
        examples: ["select Scenarios/push-hint-study.json",
                   "select Scenarios/push-hint-study.json --metric pulls --delta 0.5 --alpha 0.01",
                   "select Scenarios/push-hint-study.json --metric stale_screen_s --delta 1 --n0 30 --batch 10 --out /tmp/select"])

    static let fingerprints = CommandHelp(
        name: "fingerprints",
        synopsis: ["fingerprints RUNS.csv [--label NAME]"],
        summary: "the run list of a runs.csv with each run's fingerprint",
        description: "Prints the run list (file, point, variant, strategy, replication, fingerprint) of a runs.csv "
            + "(or runs.csv.gz), as make regress keeps it in Results/baselines/fingerprints/.",
        options: [Option("--label", "NAME", "the value of the file column (default: the RUNS.csv path as given)")],
        examples: ["fingerprints Results/push-hint-study/runs.csv --label push-hint-study"])

    static let list = CommandHelp(
        name: "list",
        synopsis: ["list [--markdown]"],
        summary: "every kind of channel, strategy, sender, distribution, generator",
        description: "Lists every kind of channel, strategy, sender, distribution and generator with its parameters, "
            + "and every key of a scenario file, with type, default and meaning.",
        options: [Option("--markdown", nil, "the tables of docs/plugins.md instead")],
        examples: ["list", "list --markdown > docs/plugins.md"])

    static let schema = CommandHelp(
        name: "schema",
        synopsis: ["schema [--sweep]"],
        summary: "the JSON Schema of a scenario (or sweep) file",
        description: "Prints the JSON Schema (draft 2020-12) of a scenario file, as docs/schema/ keeps it (make schema).",
        options: [Option("--sweep", nil, "the schema of a sweep file instead")],
        examples: ["schema > docs/schema/scenario.schema.json", "schema --sweep"])

    static let fit = CommandHelp(
        name: "fit",
        synopsis: ["fit SAMPLES.csv [--column NAME] [--variant V] [--strategy S] [--unit U]"],
        summary: "fit distributions to measured samples, as scenario JSON",
        description: "Fits each built-in family (exponential, lognormal, gamma, weibull, pareto) to the samples of a CSV file by "
            + "maximum likelihood (GSL) and prints them best first by AIC: each parameter with its standard error, ln L, AIC, and "
            + "the Kolmogorov-Smirnov distance with its nominal p-value (parameters fitted to the same samples make the true "
            + "p-value smaller); then each fit as a scenario's distribution JSON, and the empirical distribution of the file. "
            + "The file: a header row, then one finite number per row in the column read (a one-column file may have no header); "
            + "a report with variant and strategy columns (runs.csv, messages.csv, or .gz) is read by cell, its empty fields left out. "
            + "Exit 2 naming the file, row and column of a bad value.",
        options: [
            Option("--column", "NAME", "the column to read (default: the file's only column)"),
            Option("--variant", "V", "a report's cell: its variant (needed when the report has more than one)"),
            Option("--strategy", "S", "a report's cell: its strategy (needed when the report has more than one)"),
            Option("--unit", "U", "write the JSON as a duration distribution in unit U (us, ms, s, m, h, d), the samples' unit"),
        ],
        examples: ["fit delays.csv --unit s",
                   "fit Results/push-hint-study/messages.csv --column send_to_arrival_s --variant lossy --strategy hintPull --unit s"])

    static let columns = CommandHelp(
        name: "columns",
        synopsis: ["columns [--markdown [--in-place FILE]]"],
        summary: "the runs.csv and summary.csv columns",
        description: "Lists the columns of runs.csv and summary.csv (file, number, name), one a line.",
        options: [
            Option("--markdown", nil, "the column tables of docs/csv.md instead (runs.csv, summary.csv and the fleet files)"),
            Option("--in-place", "FILE", "with --markdown: rewrite the tables between the markers of FILE (unchanged bytes are not rewritten)"),
        ],
        examples: ["columns", "columns --markdown --in-place docs/csv.md"])

    static let version = CommandHelp(
        name: "version",
        synopsis: ["version", "--version"],
        summary: "version, commit, GSL version, default generator (or --version)",
        description: "Prints PushSim's version, the commit, the GSL version and the default generator, as meta.json "
            + "records them. The commit is the build's, as in meta.json: $PUSHSIM_COMMIT (make exports it), else the "
            + "pushsim.commit file make build writes beside the binary (make install copies it), else git rev-parse HEAD "
            + "in the checkout the binary lies in, else unknown; never the current directory's.",
        examples: ["--version"])

    static let help = CommandHelp(
        name: "help",
        synopsis: ["help [CMD]", "CMD --help"],
        summary: "this overview; help CMD: a command's help (or CMD --help, -h)",
        description: "Prints the overview of the commands, or with CMD that command's usage, options with their "
            + "defaults, and examples.",
        examples: ["help sweep", "sweep --help"])
}
