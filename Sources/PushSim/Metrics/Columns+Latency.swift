/// The message latency columns of `runs.csv` (columns 85–92, before the fingerprint): each
/// run's quantiles of send → arrival and send → display over its (message, device) pairs
/// (`MessageLatencies`); the summary gives each one's mean over the runs with a value and
/// its 95% Student-t interval, so a p95 there is the expected p95 of a run, not the p95 of
/// the pooled messages (that is `pushsim compare --measured` on `messages.csv`).
extension Columns {
    static let latency: [Column] = figures(.arrival, "send_to_arrival", what: "first copy reached the online device",
                                           emptyWhen: "no copy of any message reached the device")
        + figures(.display, "send_to_display", what: "OS first drew its notification (main device)",
                  emptyWhen: "no notification of a push was drawn")

    private static let figureNames = ["p50", "p95", "p99", "max"]

    private static func figures(_ kind: MessageLatencies.Kind, _ stem: String, what: String, emptyWhen: String) -> [Column] {
        figureNames.indices.map { i in
            let figure = i == 3 ? "largest" : "quantile \(MessageLatencies.probabilities[i]) (GSL interpolation, rounded to 1 µs)"
            return .duration("\(stem)_\(figureNames[i])_s", "\(figure) over the run's (message, device) pairs of the time from "
                             + "the first provider request for the message to the device until its \(what): the `\(stem)_s` "
                             + "of the run's `messages.csv` rows", emptyWhen: emptyWhen, summary: [.meanWithInterval]) {
                $0.latencies.figure(kind, i)
            }
        }
    }
}
