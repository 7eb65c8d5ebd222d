// swift-tools-version:6.0
// Positive controls for `make sanitize` (Makefile, docs/testing.md): each test here has a
// real memory error or data race, and the target runs it with the same flags and options
// as the project's sanitized suites and requires the sanitizer to report it and `swift
// test` to fail. A sanitized run that cannot fail would prove nothing. Not part of `make
// test`: the root package does not list this folder.
import PackageDescription

let package = Package(
    name: "SanitizerControls",
    targets: [
        .target(name: "CControls"),
        .target(name: "Controls", dependencies: ["CControls"]),
        .testTarget(name: "ControlTests", dependencies: ["Controls"]),
    ]
)
