/**
 * A realistic `librechat.yaml` in the shape operators write for LibreChat 0.7.8: custom
 * endpoints in the Ollama / OpenRouter style, model specs, every MCP transport, and a few keys
 * this version does not know (which must be ignored, not rejected). Used by the config tests.
 */
export const FULL_LIBRECHAT_YAML = `# For more information, see the Configuration Guide:
# https://www.librechat.ai/docs/configuration/librechat_yaml
version: 1.2.5
cache: true
fileStrategy: "local"

interface:
  customWelcome: "Welcome to LibreChat, {{user.name}}!"
  privacyPolicy:
    externalUrl: "https://librechat.ai/privacy-policy"
    openNewTab: true
  termsOfService:
    externalUrl: "https://librechat.ai/tos"
    openNewTab: true
    modalAcceptance: true
    modalTitle: "Terms of Service for LibreChat"
    modalContent: |
      # Terms and Conditions for LibreChat
      By using this app you agree to the terms.
  endpointsMenu: true
  modelSelect: true
  parameters: true
  sidePanel: true
  presets: true
  prompts: true
  bookmarks: true
  multiConvo: true
  agents: true
  temporaryChat: true
  runCode: false

registration:
  socialLogins: ["github", "google", "discord", "openid", "facebook", "apple"]
  allowedDomains:
    - "example.com"

balance:
  enabled: true
  startBalance: 50000
  autoRefillEnabled: true
  refillIntervalValue: 7
  refillIntervalUnit: "days"
  refillAmount: 25000

speech:
  tts:
    openai:
      url: ""
      apiKey: "\${TTS_API_KEY}"
      model: "tts-1"
      voices: ["alloy", "echo", "nova"]
  stt:
    openai:
      apiKey: "\${STT_API_KEY}"
      model: "whisper-1"
  speechTab:
    conversationMode: true
    advancedMode: false
    speechToText:
      engineSTT: "external"
      languageSTT: "English (US)"
      autoTranscribeAudio: true
      decibelValue: -45
      autoSendText: -1
    textToSpeech:
      engineTTS: "external"
      voice: "alloy"
      playbackRate: 1
      cacheTTS: true

rateLimits:
  fileUploads:
    ipMax: 100
    ipWindowInMinutes: 60
    userMax: 50
    userWindowInMinutes: 60
  conversationsImport:
    ipMax: 100
    ipWindowInMinutes: 60
    userMax: 50
    userWindowInMinutes: 60
  tts:
    userMax: 20
    userWindowInMinutes: 1
  stt:
    userMax: 20
    userWindowInMinutes: 1

actions:
  allowedDomains:
    - "swapi.dev"
    - "librechat.ai"
    - "google.com"

fileConfig:
  endpoints:
    assistants:
      fileLimit: 5
      fileSizeLimit: 10
      totalSizeLimit: 50
      supportedMimeTypes:
        - "image/.*"
        - "application/pdf"
    openAI:
      disabled: true
    default:
      totalSizeLimit: 20
    Ollama:
      fileLimit: 50
      fileSizeLimit: 1000
      supportedMimeTypes:
        - "^image/(jpeg|png|gif|webp)$"
  serverFileSizeLimit: 100
  avatarSizeLimit: 2
  imageGeneration:
    percentage: 100
    px: 1024
  clientImageResize:
    enabled: true
    maxWidth: 1900
    maxHeight: 1900
    quality: 0.92

modelSpecs:
  enforce: false
  prioritize: true
  list:
    - name: "gpt-4o-daily"
      label: "Daily assistant"
      default: true
      description: "GPT-4o with a friendly system prompt"
      iconURL: "https://example.com/icon.png"
      preset:
        endpoint: "openAI"
        model: "gpt-4o"
        temperature: 0.7
        promptPrefix: "You are a friendly assistant."
    - name: "llama-local"
      label: "Llama (local)"
      preset:
        endpoint: "Ollama"
        model: "llama3:latest"

mcpServers:
  filesystem:
    command: npx
    args:
      - -y
      - "@modelcontextprotocol/server-filesystem"
      - /home/user/LibreChat/
    env:
      GITHUB_TOKEN: "\${GITHUB_TOKEN}"
    iconPath: /home/user/LibreChat/client/public/assets/logo.svg
  puppeteer:
    type: stdio
    command: npx
    args: ["-y", "@modelcontextprotocol/server-puppeteer"]
    timeout: 300000
    initTimeout: 15000
  realtime:
    type: websocket
    url: wss://mcp.example.com/ws
  everything:
    type: sse
    url: http://localhost:3001/sse
    headers:
      Authorization: "Bearer \${MCP_TOKEN}"
  docs:
    type: streamable-http
    url: https://mcp.example.com/mcp
    headers:
      X-Api-Key: "\${DOCS_MCP_KEY}"
    chatMenu: false
  inferred-sse:
    url: https://sse.example.com/events

endpoints:
  assistants:
    disableBuilder: false
    pollIntervalMs: 3000
    timeoutMs: 180000
    capabilities: ["code_interpreter", "retrieval", "actions", "tools", "image_vision"]
  agents:
    recursionLimit: 50
    disableBuilder: false
    capabilities: ["execute_code", "file_search", "actions", "tools", "web_search"]
  all:
    streamRate: 35
    titleModel: "gpt-4o-mini"
  custom:
    - name: "Ollama"
      apiKey: "ollama"
      baseURL: "http://host.docker.internal:11434/v1/"
      models:
        default: ["llama3:latest", "mistral"]
        fetch: true
      titleConvo: true
      titleModel: "current_model"
      summarize: false
      summaryModel: "current_model"
      forcePrompt: false
      modelDisplayLabel: "Ollama"
      dropParams: ["stop", "user", "frequency_penalty", "presence_penalty"]
    - name: "OpenRouter"
      # Known issue: you should not use \`OPENROUTER_API_KEY\` as it will then override the \`openAI\` endpoint.
      apiKey: "\${OPENROUTER_KEY}"
      baseURL: "https://openrouter.ai/api/v1"
      models:
        default: ["meta-llama/llama-3-70b-instruct"]
        fetch: true
      titleConvo: true
      titleModel: "meta-llama/llama-3-70b-instruct"
      titleMethod: "completion"
      dropParams: ["stop"]
      modelDisplayLabel: "OpenRouter"
      headers:
        HTTP-Referer: "https://chat.example.com"
      addParams:
        transforms: []
      streamRate: 20
    - name: "groq"
      apiKey: "user_provided"
      baseURL: "https://api.groq.com/openai/v1/"
      models:
        default: ["llama3-70b-8192", "mixtral-8x7b-32768"]
        fetch: false
        userIdQuery: false
      titleConvo: true
      titleModel: "mixtral-8x7b-32768"
      modelDisplayLabel: "groq"
      iconURL: "https://example.com/groq.png"
      directEndpoint: false
      titleMessageRole: "user"

# Keys of other LibreChat versions: ignored, not rejected.
webSearch:
  serperApiKey: "\${SERPER_API_KEY}"
memory:
  disabled: true
`;
