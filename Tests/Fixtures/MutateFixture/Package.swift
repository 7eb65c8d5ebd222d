// swift-tools-version:6.0
// A tiny package that scripts/mutate.py's own test (MutateScriptTests) mutates: its tests
// pass unmutated unless MUTATE_FIXTURE_FAIL is set, and mutations.json beside it holds one
// mutant of each kind the runner must tell apart.
import PackageDescription

let package = Package(
    name: "MutateFixture",
    targets: [
        .target(name: "Arith"),
        .testTarget(name: "ArithTests", dependencies: ["Arith"]),
    ]
)
