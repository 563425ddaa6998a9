module example.invalid/mcpkit/packages/schema/lang/go

go 1.19
