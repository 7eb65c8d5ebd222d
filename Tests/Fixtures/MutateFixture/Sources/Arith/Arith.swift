/// `value` clamped into `low...high`; `low <= high` is required (a precondition).
public func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int {
    precondition(low <= high, "an empty range")
    let raised = max(value, low)
    return min(raised, high)
}

/// Whether `year` is a leap year of the Gregorian calendar.
public func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}
