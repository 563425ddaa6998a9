module github.com/mcpkit/mcpkit/packages/schema/lang/go

go 1.19
