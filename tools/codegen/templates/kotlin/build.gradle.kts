// Not built by mcpkit's tests (Debian has no Gradle): they compile src/main/kotlin with Debian's
// kotlinc 1.3 against Debian's Jackson 2.14 jars.
plugins {
    kotlin("jvm") version "1.3.72"
    `java-library`
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
