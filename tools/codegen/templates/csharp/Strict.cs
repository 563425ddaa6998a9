// Hand-written part of Mcpkit.Schema (the generated files use it): decoding refuses what the schema
// refuses instead of converting it.
namespace Mcpkit.Schema
{
    using System;
    using Newtonsoft.Json;

    /// <summary>
    /// A JSON value the schema refuses: thrown while decoding, with the member's path (Newtonsoft's
    /// notation, e.g. <c>params.name</c> or <c>content[0].text</c>) in <see cref="Path"/> and the message.
    /// Newtonsoft's own refusals (a missing required member) are <see cref="JsonSerializationException"/>s too.
    /// </summary>
    public class DecodeException : JsonSerializationException
    {
        public DecodeException(string path, string message)
            : base(message + " Path '" + path + "'.")
        {
            Path = path;
        }

        /// <summary>Where the refused value is.</summary>
        public string Path { get; private set; }

        internal static DecodeException At(JsonReader reader, string message)
        {
            return new DecodeException(reader.Path, message);
        }
    }

    /// <summary>
    /// Reads string, integer, number and boolean members only from a JSON value of that kind:
    /// Newtonsoft alone turns <c>5</c> into <c>"5"</c> and <c>"5"</c> into <c>5</c>.
    /// </summary>
    public class StrictScalarConverter : JsonConverter
    {
        public static readonly StrictScalarConverter Singleton = new StrictScalarConverter();

        public override bool CanConvert(Type t)
        {
            return t == typeof(string) || t == typeof(long) || t == typeof(long?) || t == typeof(double) || t == typeof(double?) || t == typeof(bool) || t == typeof(bool?);
        }

        public override object ReadJson(JsonReader reader, Type t, object existingValue, JsonSerializer serializer)
        {
            var token = reader.TokenType;
            if (token == JsonToken.Null && (t == typeof(string) || Nullable.GetUnderlyingType(t) != null)) return null;
            if (t == typeof(string) && token == JsonToken.String) return (string)reader.Value;
            if ((t == typeof(bool) || t == typeof(bool?)) && token == JsonToken.Boolean) return (bool)reader.Value;
            if ((t == typeof(double) || t == typeof(double?)) && (token == JsonToken.Integer || token == JsonToken.Float)) return Convert.ToDouble(reader.Value);
            if (t == typeof(long) || t == typeof(long?))
            {
                if (token == JsonToken.Integer) return Convert.ToInt64(reader.Value);
                // JSON Schema's integer is a number without a fractional part: 5.0 is one.
                if (token == JsonToken.Float && Math.Floor(Convert.ToDouble(reader.Value)) == Convert.ToDouble(reader.Value)) return Convert.ToInt64(reader.Value);
            }
            throw DecodeException.At(reader, "Expected " + Describe(t) + ", got " + Describe(token) + ".");
        }

        public override void WriteJson(JsonWriter writer, object value, JsonSerializer serializer)
        {
            writer.WriteValue(value);
        }

        static string Describe(Type t)
        {
            if (t == typeof(string)) return "a string";
            if (t == typeof(bool) || t == typeof(bool?)) return "a boolean";
            if (t == typeof(long) || t == typeof(long?)) return "an integer";
            return "a number";
        }

        static string Describe(JsonToken token)
        {
            switch (token)
            {
                case JsonToken.Null: return "null";
                case JsonToken.String: return "a string";
                case JsonToken.Integer: return "an integer";
                case JsonToken.Float: return "a number";
                case JsonToken.Boolean: return "a boolean";
                case JsonToken.StartArray: return "an array";
                case JsonToken.StartObject: return "an object";
                default: return token.ToString();
            }
        }
    }
}
