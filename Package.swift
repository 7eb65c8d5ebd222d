// swift-tools-version:6.0
// PushSim: a deterministic discrete-event simulator of mobile push channels.
// Depends on nothing but the Swift toolchain, the system GSL (apt: libgsl-dev) and the
// header-only Random123 (apt: librandom123-dev) for the default philox4x32-10 generator,
// and zlib (apt: zlib1g-dev) for gzip-compressed runs.csv.gz.
// SimKernel (time, event queue, the loop) imports nothing; PushSim is the model on top.
import PackageDescription

let package = Package(
    name: "PushSim",
    products: [
        .library(name: "SimKernel", targets: ["SimKernel"]),
        .library(name: "PushSim", targets: ["PushSim"]),
        .library(name: "PushSimCommand", targets: ["PushSimCommand"]),
        .executable(name: "pushsim", targets: ["PushSimCLI"]),
        .executable(name: "pushsim-bench", targets: ["PushSimBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CPhilox", dependencies: ["CGSL"]),
        .target(name: "SimKernel"),
        .target(name: "PushSim", dependencies: ["SimKernel", "CGSL", "CPhilox", "CZlib"]),
        .target(name: "PushSimCommand", dependencies: ["PushSim"]),
        .executableTarget(name: "PushSimCLI", dependencies: ["PushSimCommand"]),
        .executableTarget(name: "PushSimBench", dependencies: ["PushSim", "CGSL"], path: "Benchmarks/PushSimBench"),
        .testTarget(name: "PushSimTests", dependencies: ["SimKernel", "PushSim", "CGSL", "CPhilox"]),
        .testTarget(name: "PushSimEndToEndTests", dependencies: ["PushSim", "PushSimCommand", "CZlib"], exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
