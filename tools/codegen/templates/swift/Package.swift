// swift-tools-version:5.5
// Not built by mcpkit's tests: Debian has no Swift compiler (its `swift` package is OpenStack Swift).
import PackageDescription

/// The version of @mcpkit/schema these types were generated with (SwiftPM takes a package's version from its tag).
let mcpkitSchemaVersion = "{{version}}"

let package = Package(
    name: "MCPSchema",
    products: [
        .library(name: "MCP20260728", targets: ["MCP20260728"]),
        .library(name: "MCP20251125", targets: ["MCP20251125"]),
    ],
    targets: [
        .target(name: "MCP20260728", path: "Sources/MCP20260728"),
        .target(name: "MCP20251125", path: "Sources/MCP20251125"),
    ]
)
