// Not built by mcpkit's tests (Debian has no Gradle): tools/bindings/build-artifacts.mjs compiles
// src/main/kotlin with Debian's kotlinc 1.3 against Debian's Jackson 2.14 jars and packs the jar,
// sources and javadoc jars and pom.xml that Maven Central takes. This build publishes the same
// coordinates (`gradle publish`, with the signing key and the Central credentials configured).
plugins {
    kotlin("jvm") version "1.3.72"
    `java-library`
    `maven-publish`
    signing
}

group = "io.mcpkit"
version = "{{version}}"

repositories {
    mavenCentral()
}

dependencies {
    // jackson-databind only: no jackson-module-kotlin needed.
    api("com.fasterxml.jackson.core:jackson-databind:2.14.0")
}

java {
    withSourcesJar()
    withJavadocJar()
}

tasks.withType<Jar> {
    from("LICENSE") { into("META-INF") }
}

publishing {
    publications {
        create<MavenPublication>("maven") {
            artifactId = "mcpkit-schema"
            from(components["java"])
            pom {
                name.set("mcpkit-schema")
                description.set("Model Context Protocol wire types (2026-07-28 and 2025-11-25) for Jackson, generated from mcpkit's JSON Schema")
                url.set("{{repository}}")
                licenses {
                    license {
                        name.set("Apache-2.0")
                        url.set("https://www.apache.org/licenses/LICENSE-2.0")
                    }
                }
                developers {
                    developer {
                        name.set("mcpkit contributors")
                    }
                }
                scm {
                    url.set("{{repository}}")
                }
            }
        }
    }
}

signing {
    sign(publishing.publications["maven"])
}
