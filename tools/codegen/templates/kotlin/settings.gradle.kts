rootProject.name = "mcpkit-schema"
