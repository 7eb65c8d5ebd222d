// swift-tools-version:6.0
// An outside package that adds its own client strategy to PushSim and runs the stock
// command line with it. It depends on this checkout (../..) by path.
import PackageDescription

let package = Package(
    name: "CustomStrategy",
    products: [
        .executable(name: "pushsim-custom", targets: ["CustomStrategy"]),
    ],
    dependencies: [
        .package(name: "PushSim", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "CustomStrategy", dependencies: [
            .product(name: "PushSim", package: "PushSim"),
            .product(name: "PushSimCommand", package: "PushSim"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
